import type { userDeletedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { ModerationCore } from './moderation-core';

/**
 * identity.user.deleted.v1 → moderation erases cases about the person and anonymises the rest
 * (db/account-erasure-repository.ts). The id is remembered as erased for 30 days
 * (`erased_people`), first: it waits for an owners or membership write about them under way, and
 * keeps a late creation, conversation or activity event of theirs from recording them again
 * (docs/moderation.md).
 */
export async function eraseAccount(
  core: Pick<ModerationCore, 'erasedPeople' | 'erasure' | 'clock'>,
  { data, tx }: ConsumedEvent<typeof userDeletedV1>,
): Promise<void> {
  await core.erasedPeople.with(tx).remember(data.userId, core.clock.now());
  await core.erasure.with(tx).erase(data.userId);
}
