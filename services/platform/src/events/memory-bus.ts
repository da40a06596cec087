import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import type { BroadcastOptions, EventBus, SubscribeOptions } from '../ports';
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_BATCH } from './backoff';
import { createDeliveryHandler, type BusDeliveries } from './handle-deliveries';
import { silentLogger, type PortLogger } from './logger';
import { parseEnvelopeJson } from './parse-envelope';

export interface MemoryBusOptions {
  logger?: PortLogger;
  /**
   * A fixed delay before every redelivery, overriding the subscriptions' own back-off: a test
   * knob, so a service's real retry schedule does not slow its tests down.
   */
  redeliveryDelayMs?: number;
  /** Events kept per type for durables that subscribe later; oldest dropped first. Default 10 000. */
  retainPerType?: number;
}

const DEDUP_IDS = 100_000;

interface Delivery {
  id: string;
  json: string;
  /** Times it was taken for its handler, as JetStream's delivery count: 0 while first waiting. */
  attempts: number;
}

/** A stored event: what durables catch up on and broadcasts replay. */
interface Logged {
  id: string;
  json: string;
  publishedAtMs: number;
}

interface Durable {
  name: string;
  options: SubscribeOptions;
  ready: Delivery[];
  pumping: boolean;
  current: Promise<void> | undefined;
  /** The deliveries its handler is running now (several for a batch). */
  inFlight: Delivery[];
  /** Failed deliveries waiting out their back-off. */
  retrying: number;
  /** Takes the deliveries the pump took to the subscription's handlers. */
  handle: (deliveries: Delivery[]) => Promise<void>;
}

/**
 * The embedded event bus, with JetStream's semantics in one process: publish stores and
 * returns (delivery happens later, never in the publisher's call stack), events are
 * de-duplicated by id, each durable gets every event of its type — including those published
 * before it subscribed — one at a time (or, with `handleBatch`, the first deliveries waiting
 * together as one batch), at least once, retried with back-off until maxDeliver and then
 * parked — except when the database is down (`isOutage`): the durable then pauses, retrying
 * that event without counting the attempts, and delivers nothing else until it goes through.
 * Events travel as JSON, as over the wire, so handlers cannot share objects.
 */
export function createMemoryBus(options: MemoryBusOptions = {}): EventBus {
  const logger = options.logger ?? silentLogger;
  const retain = options.retainPerType ?? 10_000;
  const fixedBackoff = options.redeliveryDelayMs === undefined ? undefined : [options.redeliveryDelayMs];
  const logs = new Map<string, Logged[]>();
  const seenIds = new Set<string>();
  const durables = new Map<string, Durable>();
  const listeners = new Map<string, ((json: string) => void)[]>();
  const timers = new Set<NodeJS.Timeout>();
  let parked = 0;
  let closed = false;
  let markClosed!: () => void;
  /** Resolves on close: cuts short the wait of a durable paused by an outage. */
  const closing = new Promise<void>((resolve) => (markClosed = resolve));

  function enqueue(durable: Durable, delivery: Delivery): void {
    durable.ready.push(delivery);
    if (durable.pumping || closed) return;
    durable.pumping = true;
    setImmediate(() => {
      durable.current = pump(durable);
    });
  }

  async function pump(durable: Durable): Promise<void> {
    for (let next = durable.ready.shift(); next && !closed; next = durable.ready.shift()) {
      const deliveries = [next, ...takeBatch(durable, next)];
      for (const delivery of deliveries) delivery.attempts += 1;
      await durable.handle(deliveries);
    }
    durable.pumping = false;
    durable.current = undefined;
  }

  /** First deliveries waiting right behind `first`, for a durable that handles batches. */
  function takeBatch(durable: Durable, first: Delivery): Delivery[] {
    if (!durable.options.handleBatch || first.attempts > 0) return [];
    const max = (durable.options.maxBatch ?? DEFAULT_MAX_BATCH) - 1;
    let count = 0;
    while (count < max && durable.ready[count]?.attempts === 0) count += 1;
    return durable.ready.splice(0, count);
  }

  /** How the durable's deliveries are read and settled; the rest is `createDeliveryHandler`'s. */
  function deliveriesOf(durable: Durable): BusDeliveries<Delivery> {
    return {
      json: (delivery) => delivery.json,
      attempt: (delivery) => delivery.attempts,
      logFields: (delivery) => ({ eventId: delivery.id, attempts: delivery.attempts }),
      working(deliveries) {
        durable.inFlight = deliveries;
        return () => (durable.inFlight = []);
      },
      done: () => undefined,
      retry(delivery, delayMs) {
        durable.retrying += 1;
        const timer = setTimeout(() => {
          timers.delete(timer);
          durable.retrying -= 1;
          enqueue(durable, delivery);
        }, delayMs);
        timers.add(timer);
      },
      park() {
        parked += 1;
      },
      giveBack: () => undefined, // the bus is closing: its events go with it
      // The pump waits on the paused handler, so nothing else is delivered meanwhile anyway.
      pause: () => undefined,
      resume: () => undefined,
    };
  }

  return {
    kind: 'memory',

    publish(envelope: EventEnvelope): Promise<void> {
      if (closed) return Promise.reject(closedError());
      if (seenIds.has(envelope.id)) return Promise.resolve();
      seenIds.add(envelope.id);
      // Like JetStream's duplicate window, remember ids for a while, not forever.
      if (seenIds.size > DEDUP_IDS) seenIds.delete(seenIds.values().next().value ?? '');
      const json = JSON.stringify(envelope);
      const log = logs.get(envelope.type) ?? [];
      logs.set(envelope.type, log);
      log.push({ id: envelope.id, json, publishedAtMs: Date.now() });
      if (log.length > retain) log.shift();
      for (const durable of durables.values()) {
        if (durable.options.event.type === envelope.type)
          enqueue(durable, { id: envelope.id, json, attempts: 0 });
      }
      for (const listener of listeners.get(envelope.type) ?? []) setImmediate(() => listener(json));
      return Promise.resolve();
    },

    broadcast<E extends EventDefinition>(
      event: E,
      handle: (envelope: EventEnvelope<EventData<E>>) => void,
      options: BroadcastOptions = {},
    ): Promise<void> {
      if (closed) return Promise.reject(closedError());
      const listener = (json: string) => {
        if (closed) return;
        const parsed = parseEnvelopeJson(event, json);
        if (!parsed.ok) {
          logger.warn({ type: event.type, reason: parsed.reason }, 'invalid broadcast event ignored');
          return;
        }
        try {
          handle(parsed.envelope);
        } catch (err) {
          logger.error({ err, type: event.type }, 'broadcast handler failed');
        }
      };
      // Replayed in order before the listener is added: nothing published meanwhile (this is synchronous).
      const from = options.replayFrom?.getTime();
      if (from !== undefined)
        for (const logged of logs.get(event.type) ?? [])
          if (logged.publishedAtMs >= from) listener(logged.json);
      listeners.set(event.type, [...(listeners.get(event.type) ?? []), listener]);
      return Promise.resolve();
    },

    subscribe<E extends EventDefinition>(subscription: SubscribeOptions<E>): Promise<void> {
      if (closed) return Promise.reject(closedError());
      if (durables.has(subscription.durable)) {
        return Promise.reject(new Error(`durable ${subscription.durable} is already subscribed`));
      }
      const durable: Durable = {
        name: subscription.durable,
        options: subscription,
        ready: [],
        pumping: false,
        current: undefined,
        inFlight: [],
        retrying: 0,
        handle: () => Promise.resolve(),
      };
      // Made once the durable exists: settling its deliveries updates it.
      durable.handle = createDeliveryHandler({
        subscription,
        deliveries: deliveriesOf(durable),
        logger,
        backoffMs: fixedBackoff ?? subscription.backoffMs ?? DEFAULT_BACKOFF_MS,
        closing,
        isClosing: () => closed,
      });
      durables.set(durable.name, durable);
      // Deliver policy "all": catch up on what was published before this durable existed.
      for (const { id, json } of logs.get(subscription.event.type) ?? [])
        enqueue(durable, { id, json, attempts: 0 });
      return Promise.resolve();
    },

    ping(): Promise<void> {
      return closed ? Promise.reject(closedError()) : Promise.resolve();
    },

    stats() {
      const consumers = [...durables.values()].map((durable) => {
        const inFlight = durable.inFlight.length;
        const retriedInFlight = durable.inFlight.filter((delivery) => delivery.attempts > 1).length;
        return {
          durable: durable.name,
          // Redeliveries waiting their turn are "ack pending" on JetStream, not pending.
          pending: durable.ready.filter((delivery) => delivery.attempts === 0).length,
          ackPending: inFlight + durable.retrying + durable.ready.filter((d) => d.attempts > 0).length,
          redelivered:
            retriedInFlight + durable.retrying + durable.ready.filter((d) => d.attempts > 0).length,
        };
      });
      return Promise.resolve({ consumers, parked });
    },

    async close(): Promise<void> {
      closed = true;
      markClosed();
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      // A pump scheduled but not yet started sees `closed` and stops at once.
      await new Promise((resolve) => setImmediate(resolve));
      await Promise.all([...durables.values()].map((durable) => durable.current ?? Promise.resolve()));
    },
  };
}

function closedError(): Error {
  return new Error('memory bus is closed');
}
