import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { SafetyRepository } from '../db/safety-repository';
import { SCHEMA } from '../db/schema-name';

/** A durable consumer that applies a block, a report or a moderation decision once per event (inbox). */
export async function applySafetyFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    apply(safety: SafetyRepository, data: z.infer<E['data']>): Promise<void>;
  },
): Promise<void> {
  await kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await consumeOnce(kit.db.db, SCHEMA, options.durable, envelope, (tx) =>
        options.apply(new SafetyRepository(tx), envelope.data),
      );
    },
  });
}
