import type { EventEnvelope } from '@saathi/contracts';
import type { SubscribeOptions } from '../ports';
import { DEFAULT_MAX_DELIVER, isOutage, outageProbeDelay, redeliveryDelay, sleepUnless } from './backoff';
import type { PortLogger } from './logger';
import { parseEnvelopeJson } from './parse-envelope';

/**
 * A bus's own side of its deliveries: how to read one and how to settle it. Everything else a
 * durable does with what it was given (batching, the outage pause, retry or park) is the same
 * on every bus, so it lives once, in `createDeliveryHandler`.
 */
export interface BusDeliveries<D> {
  json(delivery: D): string;
  /** Which delivery of its event this is, 1 the first: a failure counts toward `maxDeliver` as this. */
  attempt(delivery: D): number;
  /** Log fields naming the delivery, besides the durable, the type, the event id and the trace id. */
  logFields(delivery: D): Record<string, unknown>;
  /** The handler starts on these deliveries; returns the call that says it is done with them. */
  working(deliveries: D[]): () => void;
  done(delivery: D): void;
  retry(delivery: D, delayMs: number): void;
  park(delivery: D): Promise<void> | void;
  /** The bus closes before the delivery's handler ran or reached a verdict. */
  giveBack(delivery: D): void;
  /** An outage (`isOutage`): take nothing more and keep every delivery in hand until `resume`. */
  pause(): void;
  resume(): void;
}

export interface DeliveryHandlerOptions<D> {
  subscription: SubscribeOptions;
  deliveries: BusDeliveries<D>;
  logger: PortLogger;
  backoffMs: readonly number[];
  /** Resolves when the bus closes (it cuts a pause short); `isClosing` says whether it has. */
  closing: Promise<void>;
  isClosing(): boolean;
  /**
   * Deliveries beyond `maxDeliver` after which an event is parked without running its handler:
   * they ended without a verdict (a killed process). Unset: a bus whose every delivery gets one.
   */
  deliveriesWithoutVerdict?: number;
}

type Outcome = { ok: true; outages: number; ms: number } | { ok: false; err: unknown } | 'closing';

/**
 * Takes the deliveries that waited together to the subscription's handler: first deliveries as
 * one `handleBatch` call when it has one (one by one if that throws, so a bad event is retried
 * and parked alone), any other alone. A failure counts toward `maxDeliver` (retry after the
 * back-off, or park) unless it is an outage (`isOutage`): then the durable pauses and retries
 * the event in place, uncounted, until what was down is back.
 */
export function createDeliveryHandler<D>(
  options: DeliveryHandlerOptions<D>,
): (deliveries: D[]) => Promise<void> {
  const { subscription, deliveries, logger, backoffMs } = options;
  const { durable, event } = subscription;
  const maxDeliver = subscription.maxDeliver ?? DEFAULT_MAX_DELIVER;
  const fieldsOf = (delivery: D, envelope: EventEnvelope) => ({
    durable,
    type: event.type,
    ...deliveries.logFields(delivery),
    eventId: envelope.id,
    traceId: envelope.traceId,
  });

  /** The delivery's envelope, or undefined once an invalid one is parked. */
  async function parse(delivery: D): Promise<EventEnvelope | undefined> {
    const parsed = parseEnvelopeJson(event, deliveries.json(delivery));
    if (parsed.ok) return parsed.envelope;
    logger.error(
      { durable, type: event.type, ...deliveries.logFields(delivery), reason: parsed.reason },
      'invalid event parked',
    );
    await deliveries.park(delivery);
    return undefined;
  }

  /** One delivery: parsed (an invalid one is parked), then handled on its own. */
  async function handleOne(delivery: D): Promise<void> {
    const envelope = await parse(delivery);
    if (envelope) await handleEvent(delivery, envelope);
  }

  /** One valid event on its own: done, retried after its back-off, or parked. */
  async function handleEvent(delivery: D, envelope: EventEnvelope): Promise<void> {
    const fields = fieldsOf(delivery, envelope);
    const attempt = deliveries.attempt(delivery);
    const { deliveriesWithoutVerdict } = options;
    if (deliveriesWithoutVerdict !== undefined && attempt > maxDeliver + deliveriesWithoutVerdict) {
      logger.error(fields, 'event parked after too many deliveries without a verdict');
      await deliveries.park(delivery);
      return;
    }
    if (options.isClosing()) {
      deliveries.giveBack(delivery);
      return;
    }
    const finished = deliveries.working([delivery]);
    let outcome: Outcome;
    try {
      outcome = await runThroughOutages(envelope, fields);
    } finally {
      finished();
    }
    if (outcome === 'closing') deliveries.giveBack(delivery);
    else if (outcome.ok) {
      deliveries.done(delivery);
      if (outcome.outages > 0)
        logger.info({ ...fields, outages: outcome.outages }, 'dependency back; durable resumed');
      // One line per handled event, as the access log has one per request: the trace goes on.
      logger.info({ ...fields, ms: outcome.ms }, 'event handled');
    } else if (attempt >= maxDeliver) {
      logger.error({ ...fields, err: outcome.err }, 'event parked after max deliveries');
      await deliveries.park(delivery);
    } else {
      const delay = redeliveryDelay(backoffMs, attempt);
      logger.warn({ ...fields, err: outcome.err, retryInMs: delay }, 'event handler failed; will retry');
      deliveries.retry(delivery, delay);
    }
  }

  /**
   * Runs the handler until it succeeds or fails for another reason than an outage. During an
   * outage the durable is paused and the same event retried after a growing delay: each retry
   * is the probe, and none counts as an attempt.
   */
  async function runThroughOutages(
    envelope: EventEnvelope,
    fields: Record<string, unknown>,
  ): Promise<Outcome> {
    let outages = 0;
    try {
      for (;;) {
        const started = performance.now();
        try {
          await subscription.handle(envelope);
          return { ok: true, outages, ms: Math.round(performance.now() - started) };
        } catch (err) {
          if (!isOutage(err)) return { ok: false, err };
          if (options.isClosing()) return 'closing';
          outages += 1;
          const delay = outageProbeDelay(backoffMs, outages);
          if (outages === 1) {
            logger.warn({ ...fields, err, retryInMs: delay }, 'dependency unavailable; durable paused');
            deliveries.pause();
          } else logger.debug({ ...fields, outages, retryInMs: delay }, 'dependency still unavailable');
          await sleepUnless(delay, options.closing);
          if (options.isClosing()) return 'closing';
        }
      }
    } finally {
      if (outages > 0) deliveries.resume();
    }
  }

  /** First deliveries in one `handleBatch` call; if it throws, each on its own. */
  async function handleTogether(batch: { delivery: D; envelope: EventEnvelope }[]): Promise<void> {
    // A lone event goes to `handle`; once the bus closes, each is given back there.
    if (batch.length < 2 || options.isClosing()) {
      for (const { delivery, envelope } of batch) await handleEvent(delivery, envelope);
      return;
    }
    const finished = deliveries.working(batch.map(({ delivery }) => delivery));
    const started = performance.now();
    let handled = false;
    try {
      await subscription.handleBatch?.(batch.map(({ envelope }) => envelope));
      handled = true;
    } catch (err) {
      logger.warn(
        { durable, type: event.type, batch: batch.length, err },
        'batch failed; handling its events one by one',
      );
    } finally {
      finished();
    }
    const ms = Math.round(performance.now() - started);
    for (const { delivery, envelope } of batch) {
      if (!handled) {
        await handleEvent(delivery, envelope);
        continue;
      }
      deliveries.done(delivery);
      logger.info({ ...fieldsOf(delivery, envelope), batch: batch.length, ms }, 'event handled');
    }
  }

  const isFirst = (delivery: D) => deliveries.attempt(delivery) === 1;

  /** What waited together: first deliveries as a batch when the subscription takes them. */
  async function handleWaiting(waiting: D[]): Promise<void> {
    const firsts = subscription.handleBatch ? waiting.filter(isFirst) : [];
    if (firsts.length < 2) {
      for (const delivery of waiting) await handleOne(delivery);
      return;
    }
    const batch: { delivery: D; envelope: EventEnvelope }[] = [];
    for (const delivery of firsts) {
      const envelope = await parse(delivery);
      if (envelope) batch.push({ delivery, envelope });
    }
    await handleTogether(batch);
    // Redeliveries among them go alone, after the batch (their order was already broken).
    for (const delivery of waiting) if (!isFirst(delivery)) await handleOne(delivery);
  }

  return handleWaiting;
}
