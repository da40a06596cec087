/* eslint-disable @typescript-eslint/return-await -- a FastifyReply is thenable; returning it (not awaiting it) is how a handler answers */
import { z } from 'zod';
import { googleCallbackRoute, googleStartRoute, IdentityMessages } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { AccessTokens } from '../../auth/access-token';
import type { SessionManager } from '../../auth/session-manager';
import type { UserRow } from '../../db/schema';
import type { RequestMeta } from '../../use-cases/identity-core';
import type { GoogleClaims } from '../../use-cases/link-google-account';
import { googleClientConfig, OidcProvider } from './oidc';
import type { GoogleClientSettings } from './oidc';

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

function authErrorLocation(message: string): string {
  return `/auth?error=${encodeURIComponent(message)}`;
}

export interface GoogleRoutesDeps {
  config: GoogleClientSettings & { COOKIE_SECURE: boolean };
  tokens: Pick<AccessTokens, 'signValue' | 'verifyValue'>;
  sessions: Pick<SessionManager, 'start'>;
  /** Finds, links or creates the account for verified claims; null when none can be given safely. */
  linkGoogleAccount(claims: GoogleClaims, meta: RequestMeta): Promise<UserRow | null>;
  withConfiguredRole(user: UserRow): Promise<UserRow>;
}

export function googleRoutes(app: App, deps: GoogleRoutesDeps): void {
  const client = googleClientConfig(deps.config);
  const provider = client ? new OidcProvider(client) : null;
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: deps.config.COOKIE_SECURE,
    path: FLOW_COOKIE_PATH,
  };

  registerRoute(app, googleStartRoute, async (request, reply) => {
    if (!provider) return reply.redirect(authErrorLocation(IdentityMessages.googleNotConfigured), 302);
    try {
      const { url, state, nonce, verifier } = await provider.authorizationUrl();
      const flow = deps.tokens.signValue(FLOW_AUDIENCE, { state, nonce, verifier }, FLOW_TTL_SECONDS);
      void reply.setCookie(FLOW_COOKIE, flow, { ...cookieOptions, maxAge: FLOW_TTL_SECONDS });
      return reply.redirect(url.href, 302);
    } catch (error) {
      request.log.error({ err: error }, 'google sign-in could not start');
      return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
    }
  });

  registerRoute(app, googleCallbackRoute, async (request, reply) => {
    void reply.clearCookie(FLOW_COOKIE, cookieOptions);
    if (!provider) return reply.redirect(authErrorLocation(IdentityMessages.googleNotConfigured), 302);
    const rawFlow = request.cookies[FLOW_COOKIE];
    const flow = flowSchema.safeParse(rawFlow ? deps.tokens.verifyValue(FLOW_AUDIENCE, rawFlow) : null);
    if (!flow.success) {
      request.log.info('google callback without a valid flow cookie');
      return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
    }
    try {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      const claims = googleClaimsSchema.parse(await provider.callback(query, flow.data));
      const account = await deps.linkGoogleAccount(claims, { traceId: request.traceId, ip: request.ip });
      if (!account) return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
      const user = await deps.withConfiguredRole(account);
      await deps.sessions.start(request, reply, user);
      return reply.redirect('/home', 302);
    } catch (error) {
      request.log.warn({ err: error }, 'google sign-in failed');
      return reply.redirect(authErrorLocation(IdentityMessages.googleFailed), 302);
    }
  });
}
