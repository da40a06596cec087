import { sharedInterests } from '@saathi/contracts';
import type { Interest, Profile } from '@saathi/contracts';
import type { ProfileRow, UserRow } from '../db/schema';

/** The account's month in UTC (`2026-11`): enough for "Member since", never the day someone joined. */
export const memberSinceMonth = (createdAt: Date): string => createdAt.toISOString().slice(0, 7);

/**
 * Someone's profile as a viewer sees it: the saved profile (or an empty one before the first
 * save), its interests and the ones the viewer shares, and what the account says for trust.
 */
export function profileView(
  user: UserRow,
  row: ProfileRow | undefined,
  viewerInterests: readonly string[] | null,
): Profile {
  const interests = (row?.interests ?? []) as Interest[];
  return {
    id: row?.id ?? null,
    userId: user.id,
    displayName: row?.displayName ?? null,
    bio: row?.bio ?? null,
    profileImageUrl: row?.profileImageUrl ?? null,
    createdAt: row?.createdAt.toISOString() ?? null,
    updatedAt: row?.updatedAt.toISOString() ?? null,
    interests,
    // Null on one's own profile: sharing every interest with oneself marks nothing.
    sharedInterests: viewerInterests ? sharedInterests(interests, viewerInterests) : [],
    memberSince: memberSinceMonth(user.createdAt),
    emailVerified: user.emailVerifiedAt !== null,
  };
}
