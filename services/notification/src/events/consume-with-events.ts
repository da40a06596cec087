import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { subscribeOnceWithEvents } from '@saathi/platform';
import type { Db, Emit, ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';

/**
 * The platform's `subscribeOnceWithEvents` in notification's schema: a consumer whose notices and
 * the events it emits commit with its inbox entry, so nothing is counted or pushed twice.
 */
export function consumeWithEvents<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    handle(tx: Db, emit: Emit, envelope: EventEnvelope<z.infer<E['data']>>): Promise<void>;
  },
): Promise<void> {
  return subscribeOnceWithEvents(kit, SCHEMA, options);
}
