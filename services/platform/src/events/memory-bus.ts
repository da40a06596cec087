import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import type { BroadcastOptions, EventBus, SubscribeOptions } from '../ports';
import {
  DEFAULT_BACKOFF_MS,
  DEFAULT_MAX_BATCH,
  DEFAULT_MAX_DELIVER,
  isOutage,
  outageProbeDelay,
  redeliveryDelay,
  sleepUnless,
} from './backoff';
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
      const batch = [next, ...takeBatch(durable, next)];
      if (batch.length === 1) await deliver(durable, next);
      else await deliverBatch(durable, batch);
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

  /** A batch in one `handleBatch` call; if it throws, each of its events on its own. */
  async function deliverBatch(durable: Durable, batch: Delivery[]): Promise<void> {
    const { event } = durable.options;
    const valid: { delivery: Delivery; envelope: EventEnvelope }[] = [];
    for (const delivery of batch) {
      const parsed = parseEnvelopeJson(event, delivery.json);
      if (parsed.ok) valid.push({ delivery, envelope: parsed.envelope });
      else {
        logger.error(
          { durable: durable.name, eventId: delivery.id, reason: parsed.reason },
          'invalid event parked',
        );
        parked += 1;
      }
    }
    if (valid.length <= 1) {
      for (const { delivery } of valid) await deliver(durable, delivery);
      return;
    }
    durable.inFlight = valid.map(({ delivery }) => delivery);
    const started = performance.now();
    try {
      await durable.options.handleBatch?.(valid.map(({ envelope }) => envelope));
      const ms = Math.round(performance.now() - started);
      for (const { delivery, envelope } of valid)
        logger.info(
          {
            durable: durable.name,
            eventId: delivery.id,
            type: event.type,
            traceId: envelope.traceId,
            batch: valid.length,
            ms,
          },
          'event handled',
        );
      return;
    } catch (err) {
      logger.warn(
        { durable: durable.name, type: event.type, batch: valid.length, err },
        'batch failed; handling its events one by one',
      );
    } finally {
      durable.inFlight = [];
    }
    for (const { delivery } of valid) if (!closed) await deliver(durable, delivery);
  }

  async function deliver(durable: Durable, delivery: Delivery): Promise<void> {
    const { event } = durable.options;
    const maxDeliver = durable.options.maxDeliver ?? DEFAULT_MAX_DELIVER;
    const backoff = fixedBackoff ?? durable.options.backoffMs ?? DEFAULT_BACKOFF_MS;
    const context = { durable: durable.name, eventId: delivery.id, type: event.type };
    const parsed = parseEnvelopeJson(event, delivery.json);
    if (!parsed.ok) {
      logger.error({ ...context, reason: parsed.reason }, 'invalid event parked');
      parked += 1;
      return;
    }
    durable.inFlight = [delivery];
    try {
      // While the database is down the pump stays here, so the durable's other events wait
      // rather than each using up its attempts against it; the retries of this one are not counted.
      for (let outages = 0; !closed;) {
        delivery.attempts += 1;
        const traced = { ...context, traceId: parsed.envelope.traceId, attempts: delivery.attempts };
        const started = performance.now();
        try {
          await durable.options.handle(parsed.envelope);
        } catch (err) {
          if (isOutage(err)) {
            delivery.attempts -= 1;
            outages += 1;
            const delay = outageProbeDelay(backoff, outages);
            if (outages === 1)
              logger.warn({ ...traced, err, retryInMs: delay }, 'database unavailable; durable paused');
            else logger.debug({ ...traced, outages, retryInMs: delay }, 'database still unavailable');
            await sleepUnless(delay, closing);
            continue;
          }
          retryOrPark(durable, delivery, err, traced, maxDeliver, backoff);
          return;
        }
        if (outages > 0) logger.info({ ...traced, outages }, 'database back; durable resumed');
        logger.info({ ...traced, ms: Math.round(performance.now() - started) }, 'event handled');
        return;
      }
    } finally {
      durable.inFlight = [];
    }
  }

  /** After a counted failure: parked at maxDeliver, otherwise queued again after its back-off. */
  function retryOrPark(
    durable: Durable,
    delivery: Delivery,
    err: unknown,
    traced: Record<string, unknown>,
    maxDeliver: number,
    backoff: readonly number[],
  ): void {
    if (delivery.attempts >= maxDeliver) {
      logger.error({ ...traced, err }, 'event parked after max deliveries');
      parked += 1;
      return;
    }
    const delay = redeliveryDelay(backoff, delivery.attempts);
    logger.warn({ ...traced, err, retryInMs: delay }, 'event handler failed; will retry');
    durable.retrying += 1;
    const timer = setTimeout(() => {
      timers.delete(timer);
      durable.retrying -= 1;
      enqueue(durable, delivery);
    }, delay);
    timers.add(timer);
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
      };
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
