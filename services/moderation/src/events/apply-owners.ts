import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { OwnersRepository } from '../db/owners-repository';
import { SCHEMA } from '../db/schema-name';

/** Subscribes a durable consumer that writes one event to the owners projection, once (inbox). */
export function applyOwnersFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    /** The envelope too, for what is kept as of the event's time (`occurredAt`). */
    apply(
      owners: OwnersRepository,
      data: z.infer<E['data']>,
      envelope: EventEnvelope<z.infer<E['data']>>,
    ): Promise<unknown>;
  },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, { ...options, repository: (tx) => new OwnersRepository(tx) });
}
