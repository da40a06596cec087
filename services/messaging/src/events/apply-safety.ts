import type { EventDefinition } from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { SafetyRepository } from '../db/safety-repository';
import { SCHEMA } from '../db/schema-name';

/** A durable consumer that applies a report or a moderation decision once per event (inbox). */
export function applySafetyFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    apply(safety: SafetyRepository, data: z.infer<E['data']>): Promise<unknown>;
  },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, { ...options, repository: (tx) => new SafetyRepository(tx) });
}
