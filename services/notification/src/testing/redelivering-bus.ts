import type { EventEnvelope } from '@saathi/contracts';
import type { EventBus, SubscribeOptions } from '@saathi/platform';

export interface RedeliveringBus extends EventBus {
  /**
   * Hands an already delivered event to its durable consumers again, as JetStream does when an
   * acknowledgement is lost — the broker's de-duplication does not apply to redeliveries.
   */
  redeliver(envelope: EventEnvelope): Promise<void>;
}

/** Wraps a bus so a test can redeliver events the way a broker does after a lost ack. */
export function redeliveringBus(inner: EventBus): RedeliveringBus {
  const handlers = new Map<string, ((envelope: EventEnvelope) => Promise<void>)[]>();
  // Everything else is the inner bus's own (through the prototype), whatever the port grows.
  const bus = Object.create(inner) as EventBus;
  return Object.assign(bus, {
    subscribe(options: SubscribeOptions) {
      const list = handlers.get(options.event.type) ?? [];
      list.push((envelope: EventEnvelope) =>
        options.handle({ ...envelope, data: options.event.data.parse(envelope.data) }),
      );
      handlers.set(options.event.type, list);
      return inner.subscribe(options);
    },
    async redeliver(envelope: EventEnvelope) {
      for (const handle of handlers.get(envelope.type) ?? []) await handle(envelope);
    },
  });
}
