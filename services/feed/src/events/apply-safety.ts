import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { SafetyRepository } from '../db/safety-repository';
import { SCHEMA } from '../db/schema-name';

/**
 * Subscribes a durable consumer that applies a report or a moderation decision to the feed's own
 * tables, once per event (inbox). Every write is idempotent, so order barely matters.
 */
export function applySafetyFrom<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    apply(
      safety: SafetyRepository,
      data: z.infer<E['data']>,
      envelope: EventEnvelope<z.infer<E['data']>>,
    ): Promise<unknown>;
  },
): Promise<void> {
  return subscribeOnce(kit, SCHEMA, { ...options, repository: (tx) => new SafetyRepository(tx) });
}
