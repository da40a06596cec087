import { userEmailVerifiedV1 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';
import type { UserRow } from '../db/schema';

/**
 * `identity.user.email_verified.v1`: from now on other services may mail the address (notification
 * mails nothing else to an address until it hears this). Emitted once per account, when the
 * address is first proved.
 */
export function emitEmailVerified(
  emit: Emit,
  user: Pick<UserRow, 'id' | 'email' | 'username' | 'firstName' | 'lastName'>,
): void {
  emit(userEmailVerifiedV1, {
    userId: user.id,
    email: user.email,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
  });
}
