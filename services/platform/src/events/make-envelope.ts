import { randomUUID } from 'node:crypto';
import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import { systemClock, type Clock } from '../ports';

export interface MakeEnvelopeOptions {
  /** Carries the request id from the HTTP request through to the consumers' logs. */
  traceId: string;
  clock?: Clock;
}

/** Wraps event data in a new envelope, refusing data that does not match the event's schema. */
export function makeEnvelope<E extends EventDefinition>(
  def: E,
  data: EventData<E>,
  options: MakeEnvelopeOptions,
): EventEnvelope<EventData<E>> {
  return {
    id: randomUUID(),
    type: def.type,
    version: def.version,
    occurredAt: (options.clock ?? systemClock).now().toISOString(),
    data: def.data.parse(data) as EventData<E>,
    traceId: options.traceId,
  };
}
