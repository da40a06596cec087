import type { userDeletedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { MessagingCore } from './messaging-core';

/**
 * identity.user.deleted.v1 → the other person keeps the conversation, but the deleted person
 * becomes "Deleted user": their name, username and photo are erased, and so are the rows that
 * are only about them (read markers, blocks and unblock tombstones, hides, who they met at
 * activities, and their messaging settings); they leave every activity and circle thread, and
 * their messages there go (db/account-erasure-repository.ts). Their messages stay for the other
 * person (docs/privacy.md); the sender id left on them no longer leads to any account. The id is
 * remembered as erased for 30 days (`erased_people`), first: it waits for a write about them
 * under way, and keeps a late profile, activity or report event of theirs from writing anything back.
 */
export async function eraseAccount(
  core: Pick<MessagingCore, 'erasedPeople' | 'erasure' | 'clock'>,
  { data, tx }: ConsumedEvent<typeof userDeletedV1>,
): Promise<void> {
  await core.erasedPeople.with(tx).remember(data.userId, core.clock.now());
  await core.erasure.with(tx).erase(data.userId);
}

/** Deleted accounts' ids, once no late event of theirs can still arrive (30 days). */
export function forgetErasedPeople(core: Pick<MessagingCore, 'erasedPeople' | 'clock'>): Promise<number> {
  return core.erasedPeople.prune(core.clock.now());
}
