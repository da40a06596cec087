import { IdentityMessages } from '@saathi/contracts';
import type { LoginBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { UserRow } from '../db/schema';
import { dummyPasswordHash, verifyPassword } from '../domain/password-hashing';
import type { RateLimiter } from '../domain/rate-limiter';
import { enforceLimit } from './rate-limit';
import { withConfiguredRole } from './create-account';
import type { IdentityCore, RequestMeta } from './identity-core';

export interface SignInLimits {
  loginPerIp: RateLimiter;
  loginPerAccount: RateLimiter;
}

/** Checks a password sign-in; the same answer for an unknown account and a wrong password. */
export async function signIn(
  deps: Pick<IdentityCore, 'users' | 'clock' | 'adminEmails' | 'sessionCache' | 'argon2'> & {
    limits: SignInLimits;
  },
  input: LoginBody,
  meta: Pick<RequestMeta, 'ip'>,
): Promise<UserRow> {
  const { identifier, password } = input;
  enforceLimit(deps.limits.loginPerIp.hit(meta.ip));
  const found = await deps.users.findByIdentifier(identifier);
  // Failures are counted per account (or per unknown identifier), whichever way it was named.
  const accountKey = found ? `user:${found.id}` : `id:${identifier.toLowerCase()}`;
  enforceLimit(deps.limits.loginPerAccount.check(accountKey));
  const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash(deps.argon2)), password);
  if (!found || !ok) {
    deps.limits.loginPerAccount.hit(accountKey);
    throw httpErrors.unauthorized(IdentityMessages.invalidCredentials, 'INVALID_CREDENTIALS');
  }
  deps.limits.loginPerAccount.reset(accountKey);
  return withConfiguredRole(deps, found);
}
