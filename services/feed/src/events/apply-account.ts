import type { EventDefinition } from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { AuthorsRepository } from '../db/authors-repository';
import type { AccountNames } from '../db/authors-repository';
import { SCHEMA } from '../db/schema-name';

/**
 * Subscribes a durable consumer that copies an account's public names into the authors
 * projection, once per event (inbox), as of the event's time — so a late, older event never
 * overwrites a newer name.
 */
export function projectAuthorsFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: { durable: string; event: E; names(data: z.infer<E['data']>): AccountNames },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, {
    durable: options.durable,
    event: options.event,
    repository: (tx) => new AuthorsRepository(tx),
    apply: (repository, data, envelope) =>
      repository.applyAccount(options.names(data), new Date(envelope.occurredAt)),
  });
}
