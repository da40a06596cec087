import { IdentityMessages } from '@saathi/contracts';
import type { RegisterBody } from '@saathi/contracts';
import { addressKey, httpErrors } from '@saathi/platform';
import { uniqueViolationOf } from '../db/errors';
import type { UserRow } from '../db/schema';
import { hashPassword } from '../domain/password-hashing';
import { insertAccount } from './create-account';
import { sendVerificationLink } from './email-verification';
import type { IdentityCore, RequestMeta } from './identity-core';
import type { AttemptLimits } from './rate-limit';

/**
 * A password sign-up: 409 for a taken username or address (also when two sign-ups race). The
 * address starts unverified and a verification link is mailed.
 */
export async function registerAccount(
  deps: Pick<
    IdentityCore,
    'uow' | 'users' | 'verifications' | 'clock' | 'adminEmails' | 'argon2' | 'mailTokens'
  > & {
    limits: AttemptLimits;
  },
  input: RegisterBody,
  meta: RequestMeta,
): Promise<UserRow> {
  await deps.limits.enforce('registerPerIp', [addressKey(meta.ip)], deps.clock.now());
  const { username, email, phone, password } = input;
  if (await deps.users.usernameExists(username))
    throw httpErrors.conflict(IdentityMessages.usernameTaken, 'USERNAME_TAKEN');
  if (await deps.users.findByEmail(email))
    throw httpErrors.conflict(IdentityMessages.emailTaken, 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(password, deps.argon2);
  try {
    return await deps.uow.withEvents(
      async (tx, emit) => {
        const user = await insertAccount(deps, tx, emit, { username, email, phone, passwordHash });
        // Typing an address proves nothing: the account starts unverified and the owner gets a link.
        await sendVerificationLink(deps, tx, emit, user);
        return user;
      },
      { traceId: meta.traceId },
    );
  } catch (error) {
    // Two sign-ups racing for the same name: the loser gets the same clear answer.
    const constraint = uniqueViolationOf(error);
    if (constraint === 'users_username_lower_key')
      throw httpErrors.conflict(IdentityMessages.usernameTaken, 'USERNAME_TAKEN');
    if (constraint !== null) throw httpErrors.conflict(IdentityMessages.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }
}
