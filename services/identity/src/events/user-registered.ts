import { userRegisteredV1 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';
import type { UserRow } from '../db/schema';

/** `identity.user.registered.v1`: a new account (password or Google); other services project its names. */
export function emitUserRegistered(emit: Emit, user: UserRow): void {
  emit(userRegisteredV1, {
    userId: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
  });
}
