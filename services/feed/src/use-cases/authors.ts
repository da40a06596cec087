import type { userRegisteredV1, userUpdatedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { FeedCore } from './feed-core';

/*
 * The authors projection: the public names of identity's accounts, as of each event's time — so a
 * late, older event never overwrites a newer name (db/authors-repository.ts, applyAccount).
 */

type AccountEvent = ConsumedEvent<typeof userRegisteredV1> | ConsumedEvent<typeof userUpdatedV1>;

async function recordNames(core: Pick<FeedCore, 'authors'>, { data, tx, occurredAt }: AccountEvent) {
  const { userId, username, firstName, lastName } = data;
  await core.authors.with(tx).applyAccount({ userId, username, firstName, lastName }, occurredAt);
}

/** identity.user.registered.v1 → the new account's names. */
export function recordRegisteredAccount(
  core: Pick<FeedCore, 'authors'>,
  event: ConsumedEvent<typeof userRegisteredV1>,
): Promise<void> {
  return recordNames(core, event);
}

/** identity.user.updated.v1 → the account's current names. */
export function recordUpdatedAccount(
  core: Pick<FeedCore, 'authors'>,
  event: ConsumedEvent<typeof userUpdatedV1>,
): Promise<void> {
  return recordNames(core, event);
}
