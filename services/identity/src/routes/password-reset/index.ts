import { IdentityMessages, RESET_LINK_LIFETIME_MS } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { App } from '@saathi/platform';
import type { IdentityContext } from '../../context';
import { traceIdOf } from '../../context';
import { hashPassword } from '../../domain/password-hashing';
import { hashToken, randomToken } from '../../domain/tokens';
import { passwordResetRequestedEvent } from '../../events/password-reset-requested';
import { enforceLimit } from '../rate-limit';
import { forgotPasswordSchema, resetPasswordSchema, validateResetTokenSchema } from './schema';

export function registerPasswordResetRoutes(app: App, ctx: IdentityContext): void {
  const { repos, limits } = ctx;

  app.post('/api/auth/forgot-password', { schema: forgotPasswordSchema }, async (request, reply) => {
    enforceLimit(reply, limits.forgotPerIp.hit(request.ip));
    const email = request.body.email.toLowerCase();
    const answer = { message: IdentityMessages.resetEmailSent };
    // Per address, excess requests are dropped silently: a 429 here would reveal nothing, but
    // answering the same way keeps this endpoint's only observable output constant.
    if (!limits.forgotPerEmail.hit(email).allowed) return answer;
    const user = await repos.users.findByEmail(email);
    if (!user) return answer;
    const token = randomToken(32);
    const now = ctx.clock.now();
    const expiresAt = new Date(now.getTime() + RESET_LINK_LIFETIME_MS);
    await ctx.db.transaction(async (tx) => {
      const resets = repos.resets.with(tx);
      await resets.invalidateForUser(user.id);
      await resets.create({ userId: user.id, tokenHash: hashToken(token), expiresAt }, now);
      await ctx.outbox.write(tx, [
        passwordResetRequestedEvent(user, token, expiresAt, traceIdOf(request), ctx.clock),
      ]);
    });
    ctx.outbox.kick();
    return answer;
  });

  app.get(
    '/api/auth/validate-reset-token/:token',
    { schema: validateResetTokenSchema },
    async (request, reply) => {
      const usable = await repos.resets.findUsable(hashToken(request.params.token), ctx.clock.now());
      if (!usable) return reply.code(400).send({ valid: false, message: IdentityMessages.resetTokenInvalid });
      return { valid: true, message: IdentityMessages.resetTokenValid };
    },
  );

  app.post('/api/auth/reset-password', { schema: resetPasswordSchema }, async (request) => {
    const { token, password } = request.body;
    const tokenHash = hashToken(token);
    if (!(await repos.resets.findUsable(tokenHash, ctx.clock.now()))) {
      throw httpErrors.badRequest(IdentityMessages.resetTokenInvalid, 'INVALID_RESET_TOKEN');
    }
    // Hash outside the transaction: argon2 takes tens of ms and must not hold row locks.
    const passwordHash = await hashPassword(password, ctx.argon2);
    // A session of the same user making the request survives; every other one ends.
    const current = await ctx.sessions.fromAccessCookie(request);
    const now = ctx.clock.now();
    const userId = await ctx.db.transaction(async (tx) => {
      const consumed = await repos.resets.with(tx).consume(tokenHash, now);
      if (!consumed) return null;
      await repos.users.with(tx).setPasswordHash(consumed.userId, passwordHash, now);
      const keep = current?.user.id === consumed.userId ? current.sessionId : undefined;
      await repos.sessions.with(tx).revokeAllForUser(consumed.userId, 'password-reset', now, keep);
      return consumed.userId;
    });
    if (!userId) throw httpErrors.badRequest(IdentityMessages.resetTokenInvalid, 'INVALID_RESET_TOKEN');
    request.log.info({ userId }, 'password reset completed; other sessions revoked');
    return { message: IdentityMessages.passwordResetDone };
  });
}
