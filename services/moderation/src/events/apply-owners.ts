import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { OwnersRepository } from '../db/owners-repository';
import { SCHEMA } from '../db/schema-name';

/** Subscribes a durable consumer that writes one event to the owners projection, once (inbox). */
export async function applyOwnersFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    apply(owners: OwnersRepository, data: z.infer<E['data']>): Promise<unknown>;
  },
): Promise<void> {
  await kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await consumeOnce(kit.db.db, SCHEMA, options.durable, envelope, (tx) =>
        options.apply(new OwnersRepository(tx), envelope.data).then(() => undefined),
      );
    },
  });
}
