import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { ParticipantsRepository } from '../db/participants-repository';
import type { AccountFields } from '../db/participants-repository';
import { SCHEMA } from '../db/schema-name';

/**
 * A durable consumer that copies an account's public fields into the participants projection,
 * once per event (inbox), as of the event's time — so a late, older event never overwrites a
 * newer name.
 */
export async function projectParticipantsFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: { durable: string; event: E; fields(data: z.infer<E['data']>): AccountFields },
): Promise<void> {
  await kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await consumeOnce(kit.db.db, SCHEMA, options.durable, envelope, (tx) =>
        new ParticipantsRepository(tx).applyAccount(
          options.fields(envelope.data),
          new Date(envelope.occurredAt),
        ),
      );
    },
  });
}
