import { z } from 'zod';
import { IdentityMessages } from '@saathi/contracts';
import type { App } from '@saathi/platform';
import type { IdentityContext } from '../../context';
import { traceIdOf } from '../../context';
import { uniqueViolationOf } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { baseUsernameFromEmail, usernameCandidates } from '../../domain/usernames';
import { userRegisteredEvent } from '../../events/user-registered';
import { roleFor, withConfiguredRole } from '../auth';
import { googleClientConfig, OidcProvider } from './oidc';

const FLOW_COOKIE = 'saathi_oauth';
const FLOW_COOKIE_PATH = '/api/auth/google';
const FLOW_AUDIENCE = 'saathi-google-flow';
const FLOW_TTL_SECONDS = 600;

const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
});

const googleClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});
type GoogleClaims = z.infer<typeof googleClaimsSchema>;

function authErrorLocation(message: string): string {
  return `/auth?error=${encodeURIComponent(message)}`;
}

/** The account for these Google claims: linked by subject, else by verified e-mail, else a new one. */
async function accountFor(
  ctx: IdentityContext,
  claims: GoogleClaims,
  traceId: string,
): Promise<UserRow | null> {
  const { users } = ctx.repos;
  const now = ctx.clock.now();
  const linked = await users.findByGoogleId(claims.sub);
  if (linked) return linked;
  const email = claims.email.toLowerCase();
  const sameEmail = await users.findByEmail(email);
  if (sameEmail) {
    // Linking to an existing password account is only safe when Google vouches for the address.
    if (claims.email_verified !== true) return null;
    return (await users.linkGoogle(sameEmail.id, claims.sub, now)) ?? null;
  }
  const picture = claims.picture && /^https:\/\//.test(claims.picture) ? claims.picture : null;
  for (const username of usernameCandidates(baseUsernameFromEmail(email))) {
    try {
      const created = await ctx.db.transaction(async (tx) => {
        const user = await users.with(tx).insert(
          {
            username,
            email,
            phone: null,
            passwordHash: null,
            firstName: claims.given_name ?? null,
            lastName: claims.family_name ?? null,
            profileImageUrl: picture,
            googleId: claims.sub,
            role: roleFor(ctx, email),
          },
          now,
        );
        await ctx.outbox.write(tx, [userRegisteredEvent(user, traceId, ctx.clock)]);
        return user;
      });
      ctx.outbox.kick();
      return created;
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      if (constraint === 'users_username_lower_key') continue;
      // The same Google account finishing two sign-ins at once: the other one created it.
      if (constraint === 'users_google_id_key') return (await users.findByGoogleId(claims.sub)) ?? null;
      throw error;
    }
  }
  return null;
}

export function registerGoogleRoutes(app: App, ctx: IdentityContext): void {
  const client = googleClientConfig(ctx.config);
  const provider = client ? new OidcProvider(client) : null;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: ctx.config.COOKIE_SECURE,
    path: FLOW_COOKIE_PATH,
  };

  app.get('/api/auth/google', async (request, reply) => {
    if (!provider) return reply.redirect(authErrorLocation(IdentityMessages.googleNotConfigured), 302);
    try {
      const { url, state, nonce, verifier } = await provider.authorizationUrl();
      const flow = ctx.tokens.signValue(FLOW_AUDIENCE, { state, nonce, verifier }, FLOW_TTL_SECONDS);
      void reply.setCookie(FLOW_COOKIE, flow, { ...cookieOptions, maxAge: FLOW_TTL_SECONDS });
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.error({ err: error }, 'google sign-in could not start');
      return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
    }
  });

  app.get('/api/auth/google/callback', async (request, reply) => {
    void reply.clearCookie(FLOW_COOKIE, cookieOptions);
    if (!provider) return reply.redirect(authErrorLocation(IdentityMessages.googleNotConfigured), 302);
    const rawFlow = request.cookies[FLOW_COOKIE];
    const flow = flowSchema.safeParse(rawFlow ? ctx.tokens.verifyValue(FLOW_AUDIENCE, rawFlow) : null);
    if (!flow.success) {
      request.log.info('google callback without a valid flow cookie');
      return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
    }
    try {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const claims = googleClaimsSchema.parse(await provider.callback(query, flow.data));
      const account = await accountFor(ctx, claims, traceIdOf(request));
      if (!account) return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
      const user = await withConfiguredRole(ctx, account);
      await ctx.sessions.start(request, reply, user);
      return reply.redirect('/home', 302);
    } catch (error) {
      request.log.warn({ err: error }, 'google sign-in failed');
      return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
    }
  });
}
