import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { Db, Emit, ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { SCHEMA } from '../schema-name';

/**
 * Subscribes a durable consumer whose side effect and the events it emits commit together with
 * its inbox entry: a redelivered event finds the entry and changes nothing, so nothing is
 * counted or pushed twice. (The inbox write runs in a savepoint of the unit of work's
 * transaction, which also holds the outbox rows.)
 */
export async function consumeWithEvents<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    handle(tx: Db, emit: Emit, envelope: EventEnvelope<z.infer<E['data']>>): Promise<void>;
  },
): Promise<void> {
  await kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await kit.uow.withEvents(
        (tx, emit) =>
          consumeOnce(tx, SCHEMA, options.durable, envelope, (inner) =>
            options.handle(inner, emit, envelope),
          ),
        { traceId: envelope.traceId },
      );
    },
  });
}
