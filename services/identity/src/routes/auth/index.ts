import { IdentityMessages } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { IdentityContext } from '../../context';
import { traceIdOf } from '../../context';
import { uniqueViolationOf } from '../../db/errors';
import type { UserRow } from '../../db/schema';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../domain/password-hashing';
import { userRegisteredEvent } from '../../events/user-registered';
import { toCurrentUser } from '../../users-view';
import { enforceLimit } from '../rate-limit';
import { rememberUser } from '../require-session';
import { getCurrentUserSchema, loginSchema, logoutSchema, registerSchema } from './schema';

export function roleFor(ctx: IdentityContext, email: string): 'user' | 'admin' {
  return ctx.config.ADMIN_EMAILS.includes(email.toLowerCase()) ? 'admin' : 'user';
}

/** Admins come from config: a change to ADMIN_EMAILS takes effect at the user's next sign-in. */
export async function withConfiguredRole(ctx: IdentityContext, user: UserRow): Promise<UserRow> {
  const role = roleFor(ctx, user.email);
  return role === user.role ? user : ctx.repos.users.setRole(user.id, role, ctx.clock.now());
}

export function registerAuthRoutes(app: App, ctx: IdentityContext): void {
  const { repos, sessions, limits } = ctx;

  app.get('/api/auth/user', { schema: getCurrentUserSchema }, async (request, reply) => {
    const auth = await sessions.authenticate(request, reply, { refresh: true });
    if (!auth) throw httpErrors.unauthorized(IdentityMessages.unauthorized);
    rememberUser(request, auth);
    return toCurrentUser(auth.user);
  });

  app.post('/api/auth/login', { schema: loginSchema }, async (request, reply) => {
    const { identifier, password } = request.body;
    enforceLimit(reply, limits.loginPerIp.hit(request.ip));
    const found = await repos.users.findByIdentifier(identifier);
    // Failures are counted per account (or per unknown identifier), whichever way it was named.
    const accountKey = found ? `user:${found.id}` : `id:${identifier.toLowerCase()}`;
    enforceLimit(reply, limits.loginPerAccount.check(accountKey));
    const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash(ctx.argon2)), password);
    if (!found || !ok) {
      limits.loginPerAccount.hit(accountKey);
      throw httpErrors.unauthorized(IdentityMessages.invalidCredentials, 'INVALID_CREDENTIALS');
    }
    limits.loginPerAccount.reset(accountKey);
    const user = await withConfiguredRole(ctx, found);
    await sessions.start(request, reply, user);
    return toCurrentUser(user);
  });

  app.post('/api/auth/register', { schema: registerSchema }, async (request, reply) => {
    const { username, email, phone, password } = request.body;
    enforceLimit(reply, limits.registerPerIp.hit(request.ip));
    if (await repos.users.usernameExists(username))
      throw httpErrors.conflict(IdentityMessages.usernameTaken, 'USERNAME_TAKEN');
    if (await repos.users.findByEmail(email))
      throw httpErrors.conflict(IdentityMessages.emailTaken, 'EMAIL_TAKEN');
    const passwordHash = await hashPassword(password, ctx.argon2);
    const now = ctx.clock.now();
    let user: UserRow;
    try {
      user = await ctx.db.transaction(async (tx) => {
        const created = await repos.users
          .with(tx)
          .insert({ username, email, phone, passwordHash, role: roleFor(ctx, email) }, now);
        await ctx.outbox.write(tx, [userRegisteredEvent(created, traceIdOf(request), ctx.clock)]);
        return created;
      });
    } catch (error) {
      // Two sign-ups racing for the same name: the loser gets the same clear answer.
      const constraint = uniqueViolationOf(error);
      if (constraint === 'users_username_lower_key')
        throw httpErrors.conflict(IdentityMessages.usernameTaken, 'USERNAME_TAKEN');
      if (constraint !== null) throw httpErrors.conflict(IdentityMessages.emailTaken, 'EMAIL_TAKEN');
      throw error;
    }
    ctx.outbox.kick();
    await sessions.start(request, reply, user);
    return reply.code(201).send(toCurrentUser(user));
  });

  app.post('/api/auth/logout', { schema: logoutSchema }, async (request, reply) => {
    await sessions.end(request, reply);
    return { message: IdentityMessages.loggedOut };
  });

  // Browser navigation from SPEC's "redirect to /api/login": the sign-in screen.
  app.get('/api/login', (_request, reply) => reply.redirect('/auth', 302));
}
