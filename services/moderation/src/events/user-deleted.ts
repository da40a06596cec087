import { userDeletedV1 } from '@saathi/contracts';
import { consumeOnce, ErasedPeople } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { SCHEMA } from '../db/schema-name';

const DURABLE = 'moderation.user-deleted';

/**
 * identity.user.deleted.v1 → moderation erases cases about the person and anonymises the rest.
 * The id is remembered as erased for 30 days (`erased_people`), first: it waits for an owners or
 * membership write about them under way, and keeps a late creation, conversation or activity
 * event of theirs from recording them again (docs/moderation.md).
 */
export async function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (envelope) => {
      const userId = envelope.data.userId;
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, async (tx) => {
        await new ErasedPeople(tx, SCHEMA).remember(userId, kit.clock.now());
        await new AccountErasureRepository(tx).erase(userId);
      });
    },
  });
}
