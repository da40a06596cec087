import { IdentityMessages } from '@saathi/contracts';
import type { LoginBody } from '@saathi/contracts';
import { addressKey, httpErrors } from '@saathi/platform';
import type { DeviceTokens } from '../auth/device-token';
import type { UserRow } from '../db/schema';
import { dummyPasswordHash, verifyPassword } from '../domain/password-hashing';
import { withConfiguredRole } from './create-account';
import type { IdentityCore, RequestMeta } from './identity-core';
import type { AttemptLimits } from './rate-limit';

/**
 * Checks a password sign-in; the same answer for an unknown account and a wrong password.
 *
 * Wrong passwords are limited per account *and client address*, with a wait that doubles after
 * a few failures: an attacker guessing from one address is slowed to a crawl, while the owner
 * from their own address (or any other) is never locked out by someone else's guesses. A cap
 * per account across all addresses stays high, against guessing spread over many addresses;
 * it never holds a browser that shows a device token of this account (see `AttemptLimits`).
 * Each attempt is reserved before the password is hashed, so parallel guesses cannot all slip
 * past one check; the right password gives its reservation back.
 */
export async function signIn(
  deps: Pick<IdentityCore, 'users' | 'clock' | 'adminEmails' | 'sessionCache' | 'argon2'> & {
    limits: AttemptLimits;
    devices: Pick<DeviceTokens, 'verifyFor'>;
  },
  input: LoginBody,
  meta: Pick<RequestMeta, 'ip'> & {
    /** The browser's device-token cookie, if any. */
    deviceToken?: string;
  },
): Promise<UserRow> {
  const { identifier, password } = input;
  const { limits } = deps;
  const now = deps.clock.now();
  const client = addressKey(meta.ip);
  await limits.enforce('loginPerIp', [client], now);
  const found = await deps.users.findByIdentifier(identifier);
  // Failures are counted per account (or per unknown identifier), whichever way it was named.
  const account = found ? `user:${found.id}` : `id:${identifier.toLowerCase()}`;
  // Only a token naming the account found counts: another account's token is no token here.
  const device = found ? deps.devices.verifyFor(meta.deviceToken, found.id) : null;
  const guess = await limits.enforcePasswordGuess(account, client, now, device?.id);
  const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash(deps.argon2)), password);
  if (!found || !ok)
    throw httpErrors.unauthorized(IdentityMessages.invalidCredentials, 'INVALID_CREDENTIALS');
  await guess.succeeded();
  return withConfiguredRole(deps, found);
}
