import { userDeletedV1 } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { SCHEMA } from '../db/schema-name';

const DURABLE = 'moderation.user-deleted';

/** identity.user.deleted.v1 → moderation erases cases about the person and anonymises the rest. */
export async function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  await kit.bus.subscribe({
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (envelope) => {
      await consumeOnce(kit.db.db, SCHEMA, DURABLE, envelope, (tx) =>
        new AccountErasureRepository(tx).erase(envelope.data.userId, kit.clock.now()),
      );
    },
  });
}
