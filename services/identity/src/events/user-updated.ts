import { userUpdatedV1 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';
import type { ProfileRow, UserRow } from '../db/schema';

/** `identity.user.updated.v1`: public name or image changed (projections in other services follow it). */
export function emitUserUpdated(emit: Emit, user: UserRow, profile: ProfileRow | undefined): void {
  emit(userUpdatedV1, {
    userId: user.id,
    username: user.username,
    firstName: user.firstName,
    lastName: user.lastName,
    displayName: profile?.displayName ?? null,
    profileImageUrl: profile?.profileImageUrl ?? user.profileImageUrl,
  });
}
