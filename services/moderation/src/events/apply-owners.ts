import type { EventDefinition } from '@saathi/contracts';
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
    apply(owners: OwnersRepository, data: z.infer<E['data']>): Promise<unknown>;
  },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, { ...options, repository: (tx) => new OwnersRepository(tx) });
}
