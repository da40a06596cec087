import type { EventDefinition } from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
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
export function projectParticipantsFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: { durable: string; event: E; fields(data: z.infer<E['data']>): AccountFields },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, {
    durable: options.durable,
    event: options.event,
    repository: (tx) => new ParticipantsRepository(tx),
    apply: (repository, data, envelope) =>
      repository.applyAccount(options.fields(data), new Date(envelope.occurredAt)),
  });
}
