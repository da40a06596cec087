import type { EventDefinition } from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { UsersRepository } from '../db/users-repository';
import type { AccountFacts } from '../db/users-repository';
import { SCHEMA } from '../schema-name';

/** Subscribes a durable consumer that copies an account's names (and address) into the users projection, once per event. */
export function projectUsersFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: { durable: string; event: E; facts(data: z.infer<E['data']>): AccountFacts },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, {
    durable: options.durable,
    event: options.event,
    repository: (tx) => new UsersRepository(tx),
    apply: (repository, data, envelope) =>
      repository.apply(options.facts(data), new Date(envelope.occurredAt)),
  });
}
