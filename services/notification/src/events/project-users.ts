import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { UsersRepository } from '../db/users-repository';
import type { AccountFacts } from '../db/users-repository';
import { SCHEMA } from '../schema-name';

/** Subscribes a durable consumer that copies an account's names (and address) into the users projection, once per event. */
export async function projectUsersFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: { durable: string; event: E; facts(data: z.infer<E['data']>): AccountFacts },
): Promise<void> {
  await kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await consumeOnce(kit.db.db, SCHEMA, options.durable, envelope, (tx) =>
        new UsersRepository(tx).apply(options.facts(envelope.data), new Date(envelope.occurredAt)),
      );
    },
  });
}
