import { connect } from '@nats-io/transport-node';
import { nanos, type NatsConnection } from '@nats-io/nats-core';
import {
  AckPolicy,
  DeliverPolicy,
  JetStreamApiCodes,
  jetstream,
  jetstreamManager,
  type ConsumerConfig,
  type ConsumerMessages,
  type JsMsg,
} from '@nats-io/jetstream';
import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import type { BroadcastOptions, EventBus, SubscribeOptions } from '../ports';
import { DEFAULT_BACKOFF_MS, DEFAULT_MAX_BATCH, DELIVERIES_WITHOUT_VERDICT } from './backoff';
import { createDeliveryHandler, type BusDeliveries } from './handle-deliveries';
import { silentLogger, type PortLogger } from './logger';
import {
  ensureStream,
  isApiError,
  natsDurableName,
  serviceOfType,
  streamNameOf,
  type StreamSettings,
} from './nats-streams';
import { parseEnvelopeJson } from './parse-envelope';

export interface NatsBusOptions {
  servers: string | string[];
  /** Connection name shown by the server, e.g. the service name. */
  name: string;
  logger?: PortLogger;
  /** A publish without PubAck by then rejects, so the outbox retries it. Default 5000. */
  publishTimeoutMs?: number;
  /** Unacknowledged deliveries are redelivered after this; long handlers extend it. Default 30 000. */
  ackWaitMs?: number;
  stream?: Partial<StreamSettings>;
}

interface RunningConsumer {
  stream: string;
  durable: string;
  /** The current pull session; a pause stops it, and the loop starts another once it is over. */
  session: ConsumerMessages | undefined;
  /** Wakes the loop while it waits for the handler, so it takes a stopped session's leftovers. */
  wake: (() => void) | undefined;
  /** Messages taken from a session and not yet acknowledged, nak'd or terminated. */
  inHand: Set<JsMsg>;
  /** While the database is down: the session is stopped and every message in hand is held. */
  paused: boolean;
  /** Tells the server, while paused, that every message in hand is still being worked on. */
  holding: NodeJS.Timeout | undefined;
  done: Promise<void>;
}

const DEFAULT_STREAM: StreamSettings = { maxAgeMs: 7 * 24 * 3_600_000, duplicateWindowMs: 2 * 60_000 };

/**
 * `nats://feed:secret@nats:4222` → the server without, and feed's user and password: each
 * process's NATS_URL carries its own NATS user (infra/nats/nats.conf), and the client sends
 * them in CONNECT rather than reading them from the URL.
 */
export function serversAndCredentials(value: string | string[]): {
  servers: string[];
  credentials: { user: string; pass: string } | Record<string, never>;
} {
  let credentials: { user: string; pass: string } | Record<string, never> = {};
  const servers = (Array.isArray(value) ? value : value.split(',')).map((server) => {
    if (!URL.canParse(server)) return server;
    const url = new URL(server);
    if (!url.username) return server;
    credentials = { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) };
    return `${url.protocol}//${url.host}`;
  });
  return { servers, credentials };
}

/**
 * EventBus on NATS JetStream. The connection reconnects forever; while the server is away,
 * publish rejects after `publishTimeoutMs` (the outbox keeps the event and retries) and
 * consumers resume by themselves when it is back.
 */
export async function createNatsBus(options: NatsBusOptions): Promise<EventBus> {
  const logger = options.logger ?? silentLogger;
  const publishTimeoutMs = options.publishTimeoutMs ?? 5_000;
  const ackWaitMs = options.ackWaitMs ?? 30_000;
  const streamSettings: StreamSettings = { ...DEFAULT_STREAM, ...options.stream };

  const { servers, credentials } = serversAndCredentials(options.servers);
  const nc = await connect({
    servers,
    ...credentials,
    name: options.name,
    maxReconnectAttempts: -1,
    reconnectTimeWait: 500,
    // Otherwise every request (each publish's PubAck, each consumer pull) makes an Error up front
    // to carry its caller's stack should it fail: 1.3–1.5% of messaging's busy CPU in the realtime
    // bench. Our logs say which publish or consumer failed without it.
    noAsyncTraces: true,
  });
  const statusDone = logStatus(nc, logger);
  const jsm = await jetstreamManager(nc, { timeout: publishTimeoutMs });
  const js = jetstream(nc, { timeout: publishTimeoutMs });

  const streams = new Map<string, Promise<void>>();
  const consumers: RunningConsumer[] = [];
  const broadcasts: ConsumerMessages[] = [];
  /** Parked events are kept under `dlq.>` in a stream of that name, made like any service's. */
  const DEAD_LETTER_SERVICE = 'dlq';
  /**
   * How often a message in hand tells the server it is still being worked on: a third of
   * ack_wait, so a stalled event loop (a busy host) has two thirds of it to spare before the
   * server would hand the message to another replica.
   */
  const heartbeatMs = Math.max(1_000, ackWaitMs / 3);
  let closing = false;
  let markClosed!: () => void;
  /** Resolves on close: cuts short the wait of a durable paused by an outage. */
  const closed = new Promise<void>((resolve) => (markClosed = resolve));

  function streamFor(service: string): Promise<void> {
    let ready = streams.get(service);
    if (!ready) {
      ready = ensureStream(jsm, service, streamSettings);
      streams.set(service, ready);
      // A failure (e.g. during an outage) must not be remembered: the next call tries again.
      ready.catch(() => streams.delete(service));
    }
    return ready;
  }

  /**
   * A message is settled by JetStream's verdicts: an ack, a nak (redelivered after the delay, a
   * delivery counted by the server: `attempt` is its delivery count) or a term once parked.
   */
  function deliveriesOf(running: RunningConsumer, type: string): BusDeliveries<JsMsg> {
    const settled = (msg: JsMsg) => {
      running.inHand.delete(msg);
      return msg;
    };
    return {
      json: (msg) => msg.string(),
      attempt: (msg) => msg.info.deliveryCount,
      logFields: (msg) => ({ seq: msg.seq, attempt: msg.info.deliveryCount }),
      working(msgs) {
        // Keeps a slow but healthy handler from being redelivered to another replica meanwhile.
        const heartbeat = setInterval(() => {
          for (const msg of msgs) msg.working();
        }, heartbeatMs);
        return () => clearInterval(heartbeat);
      },
      done: (msg) => settled(msg).ack(),
      retry: (msg, delayMs) => settled(msg).nak(delayMs),
      park: (msg) => park(type, settled(msg)),
      giveBack: (msg) => settled(msg).nak(), // at once, for another process to hold
      pause: () => pause(running),
      resume: () => resume(running),
    };
  }

  /**
   * Stops the durable's pull session, so no more of its backlog is fetched while the database
   * is down; the loop takes what the session had already buffered in hand, to be held too. Held
   * messages are never handed back meanwhile: a pause must not cost them delivery attempts nor
   * hand them to another replica.
   */
  function pause(running: RunningConsumer): void {
    if (running.paused) return;
    running.paused = true;
    stopSession(running);
    const keep = () => {
      for (const msg of running.inHand) msg.working();
    };
    keep();
    running.holding = setInterval(keep, heartbeatMs);
  }

  function resume(running: RunningConsumer): void {
    running.paused = false;
    clearInterval(running.holding);
  }

  function stopSession(running: RunningConsumer): void {
    running.session?.stop();
    running.wake?.();
  }

  /**
   * Stops redelivery and keeps a copy in the `DLQ` stream (`dlq.<type>`, same retention as the
   * services' streams) for an operator to inspect or replay. A failed copy is logged, never looped.
   */
  async function park(type: string, msg: JsMsg): Promise<void> {
    try {
      await streamFor(DEAD_LETTER_SERVICE);
      await js.publish(`${DEAD_LETTER_SERVICE}.${type}`, msg.data, { timeout: publishTimeoutMs });
    } catch (err) {
      logger.warn({ err, type }, 'could not copy parked event to the dead-letter stream');
    }
    msg.term();
  }

  /**
   * Where a broadcast starts in the stream, and how many stored events it replays. A sequence
   * rather than a time, because the ordered consumer restarts from its last sequence after a
   * disconnect — from 0 (the whole stream) if it had none. The server turns the time into a
   * sequence for a short-lived probe consumer.
   */
  async function startOfBroadcast(
    stream: string,
    subject: string,
    replayFrom: Date | undefined,
  ): Promise<{ seq: number; pending: number }> {
    if (!replayFrom) {
      const info = await jsm.streams.info(stream);
      return { seq: info.state.last_seq + 1, pending: 0 };
    }
    const probe = await jsm.consumers.add(stream, {
      deliver_policy: DeliverPolicy.StartTime,
      opt_start_time: replayFrom.toISOString(),
      filter_subject: subject,
      ack_policy: AckPolicy.None,
      inactive_threshold: nanos(30_000),
      mem_storage: true,
    });
    await jsm.consumers.delete(stream, probe.name).catch(() => false);
    return { seq: probe.delivered.stream_seq + 1, pending: probe.num_pending };
  }

  async function ensureConsumer(stream: string, config: Partial<ConsumerConfig>): Promise<void> {
    const durable = config.durable_name ?? '';
    try {
      const info = await jsm.consumers.info(stream, durable);
      if (info.config.filter_subject !== config.filter_subject) {
        // Reusing a durable name for another event would make it term every message it gets.
        throw new Error(
          `durable ${durable} on ${stream} already filters ${info.config.filter_subject}, not ${config.filter_subject}`,
        );
      }
      if (info.config.max_deliver !== config.max_deliver || info.config.ack_wait !== config.ack_wait) {
        await jsm.consumers.update(stream, durable, {
          max_deliver: config.max_deliver,
          ack_wait: config.ack_wait,
        });
      }
    } catch (err) {
      if (!isApiError(err, JetStreamApiCodes.ConsumerNotFound)) throw err;
      await jsm.consumers.add(stream, config);
    }
  }

  return {
    kind: 'nats',

    async publish(envelope: EventEnvelope): Promise<void> {
      if (closing) throw new Error('nats bus is closed');
      const service = serviceOfType(envelope.type);
      await streamFor(service);
      const ack = await js.publish(envelope.type, JSON.stringify(envelope), {
        msgID: envelope.id,
        timeout: publishTimeoutMs,
        expect: { streamName: streamNameOf(service) },
      });
      if (ack.duplicate)
        logger.debug({ eventId: envelope.id, type: envelope.type }, 'duplicate publish ignored by broker');
    },

    async subscribe<E extends EventDefinition>(subscription: SubscribeOptions<E>): Promise<void> {
      if (closing) throw new Error('nats bus is closed');
      const stream = streamNameOf(subscription.event.service);
      const durable = natsDurableName(subscription.durable);
      await streamFor(subscription.event.service);
      // Back-off is applied per failure with nak(delay), not with the consumer's `backoff`
      // setting, which would also shorten ack_wait and redeliver slow-but-healthy handlers.
      // Parking is decided here, never by the server (`max_deliver` -1): at its limit the server
      // just stops delivering — the event neither applied nor parked — and it counts deliveries
      // that no failure of the event caused (a killed process, or one lost while held during a
      // database outage). `createDeliveryHandler` parks at `maxDeliver` failed attempts, or past
      // DELIVERIES_WITHOUT_VERDICT more deliveries that ended without one.
      await ensureConsumer(stream, {
        durable_name: durable,
        ack_policy: AckPolicy.Explicit,
        deliver_policy: DeliverPolicy.All,
        filter_subject: subscription.event.type,
        max_deliver: -1,
        ack_wait: nanos(ackWaitMs),
      });
      const consumer = await js.consumers.get(stream, durable);
      const maxBatch = subscription.handleBatch ? (subscription.maxBatch ?? DEFAULT_MAX_BATCH) : 1;
      const running: RunningConsumer = {
        stream,
        durable,
        session: undefined,
        wake: undefined,
        inHand: new Set(),
        paused: false,
        holding: undefined,
        done: Promise.resolve(),
      };
      const handleMessages = createDeliveryHandler({
        subscription,
        deliveries: deliveriesOf(running, subscription.event.type),
        logger,
        backoffMs: subscription.backoffMs ?? DEFAULT_BACKOFF_MS,
        closing: closed,
        isClosing: () => closing,
        deliveriesWithoutVerdict: DELIVERIES_WITHOUT_VERDICT,
      });
      // What arrived while the handler was busy is handled together next (a batch when the
      // subscription takes batches); the loop stops pulling once a full batch waits.
      const waiting: JsMsg[] = [];
      let draining: Promise<void> | undefined;
      const drain = async () => {
        while (waiting.length > 0) {
          if (closing) {
            // Buffered but not started: hand them back at once rather than after ack_wait.
            for (const msg of waiting.splice(0)) {
              msg.nak();
              running.inHand.delete(msg);
            }
            break;
          }
          await handleMessages(waiting.splice(0, maxBatch));
        }
        draining = undefined;
      };
      // One pull session at a time; a pause (database down) stops it, and the next one starts
      // once the held messages went through. Few buffered messages: handlers run one at a time
      // (or a batch at a time), and a buffered message's ack_wait is already running.
      const sessions = async () => {
        while (!closing) {
          const session = await consumer.consume({ max_messages: Math.max(8, maxBatch) });
          running.session = session;
          // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() may have come while consume() was awaited
          if (closing) session.stop();
          for await (const msg of session) {
            // eslint-disable-next-line @typescript-eslint/no-unnecessary-condition -- close() sets it while this loop awaits
            if (closing) {
              msg.nak();
              continue;
            }
            // Taken in after a pause stopped the session: held with the rest from now on.
            if (running.paused) msg.working();
            waiting.push(msg);
            running.inHand.add(msg);
            const drained = (draining ??= drain());
            if (waiting.length >= maxBatch && !running.paused)
              // Woken early by a pause, which stopped the session: its leftovers are taken in
              // hand at once, rather than left to expire in its buffer (and be redelivered,
              // costing a delivery) while the pause lasts.
              await new Promise<void>((resolve) => {
                running.wake = resolve;
                void drained.then(resolve);
              });
          }
          await draining;
        }
      };
      running.done = sessions().catch((err: unknown) => logger.error({ err, durable }, 'consumer stopped'));
      consumers.push(running);
    },

    async broadcast<E extends EventDefinition>(
      event: E,
      handle: (envelope: EventEnvelope<EventData<E>>) => void,
      options: BroadcastOptions = {},
    ): Promise<void> {
      if (closing) throw new Error('nats bus is closed');
      const stream = streamNameOf(event.service);
      await streamFor(event.service);
      const start = await startOfBroadcast(stream, event.type, options.replayFrom);
      // An ordered consumer (ephemeral, in memory, no acks) rather than a core subscription: it
      // replays from a stream position, and after a disconnect it resumes from the last event it
      // handed over instead of silently missing what was published meanwhile.
      const consumer = await js.consumers.get(stream, {
        filter_subjects: event.type,
        deliver_policy: DeliverPolicy.StartSequence,
        opt_start_seq: start.seq,
      });
      const messages = await consumer.consume({ max_messages: 256 });
      broadcasts.push(messages);
      let caughtUp!: () => void;
      const replayed = new Promise<void>((resolve) => {
        caughtUp = resolve;
      });
      if (start.pending === 0) caughtUp();
      void (async () => {
        for await (const msg of messages) {
          const parsed = parseEnvelopeJson(event, msg.string());
          if (!parsed.ok)
            logger.warn({ type: event.type, reason: parsed.reason }, 'invalid broadcast event ignored');
          else {
            try {
              handle(parsed.envelope);
            } catch (err) {
              logger.error({ err, type: event.type }, 'broadcast handler failed');
            }
          }
          if (msg.info.pending === 0) caughtUp();
        }
      })().catch((err: unknown) => logger.error({ err, type: event.type }, 'broadcast stopped'));
      // Never hold a start-up hostage: events aged out meanwhile would leave `pending` unmet.
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<'timeout'>((resolve) => {
        timer = setTimeout(() => resolve('timeout'), publishTimeoutMs);
      });
      const outcome = await Promise.race([replayed.then(() => 'replayed' as const), timedOut]);
      clearTimeout(timer);
      if (outcome === 'timeout')
        logger.warn({ type: event.type, pending: start.pending }, 'broadcast replay incomplete; continuing');
    },

    async ping(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('nats ping timed out')), 2_000);
      });
      try {
        await Promise.race([nc.flush(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    async stats() {
      const infos = await Promise.all(
        consumers.map(async ({ stream, durable }) => {
          const info = await jsm.consumers.info(stream, durable);
          return {
            durable,
            pending: info.num_pending,
            ackPending: info.num_ack_pending,
            redelivered: info.num_redelivered,
          };
        }),
      );
      const parked = await jsm.streams
        .info(streamNameOf(DEAD_LETTER_SERVICE))
        .then((info) => info.state.messages)
        .catch((err: unknown) => {
          // No event has been parked yet, so the stream was never made.
          if (isApiError(err, JetStreamApiCodes.StreamNotFound)) return 0;
          throw err;
        });
      return { consumers: infos, parked };
    },

    async close(): Promise<void> {
      if (closing) return;
      closing = true;
      markClosed();
      for (const running of consumers) stopSession(running);
      for (const messages of broadcasts) messages.stop();
      await Promise.all(consumers.map(({ done }) => done));
      if (!nc.isClosed()) await drainOrClose(nc, logger);
      await statusDone;
    },
  };
}

async function logStatus(nc: NatsConnection, logger: PortLogger): Promise<void> {
  for await (const status of nc.status()) {
    switch (status.type) {
      case 'disconnect':
        logger.warn({ server: status.server }, 'nats disconnected');
        break;
      case 'reconnect':
        logger.info({ server: status.server }, 'nats reconnected');
        break;
      case 'error':
        logger.error({ err: status.error }, 'nats error');
        break;
      case 'reconnecting':
      case 'update':
      case 'ldm':
      case 'ping':
      case 'staleConnection':
      case 'forceReconnect':
      case 'slowConsumer':
      case 'close':
        break;
    }
  }
}

/** Draining needs the server; when it is down at shutdown, give up after a while rather than hang. */
async function drainOrClose(nc: NatsConnection, logger: PortLogger): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), 5_000);
  });
  try {
    const outcome = await Promise.race([nc.drain().then(() => 'drained' as const), timedOut]);
    if (outcome === 'timeout') {
      logger.warn('nats drain timed out; closing');
      await nc.close();
    }
  } finally {
    clearTimeout(timer);
  }
}
