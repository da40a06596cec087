import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetRequestedV2, PASSWORD_RESET_TOKEN_PURPOSE, QueueName } from '@saathi/contracts';
import { createBullQueue, createLogger, createNatsBus, makeEnvelope, sealToken } from '@saathi/platform';
import type { EventEnvelope } from '@saathi/contracts';
import type { EventBus, Mailer, OutgoingMail, SubscribeOptions } from '@saathi/platform';
import { sleep, startNatsServer, startRedisServer, waitFor } from '@saathi/platform/testing';
import type { NatsServerHandle, RedisServerHandle } from '@saathi/platform/testing';
import { recordFigures } from '../../../infra/test/reliability/figures';
import { startTestNotification } from './testing/test-notification';
import type { TestNotification } from './testing/test-notification';

const logger = createLogger({ name: 'redis-outage-test', level: 'silent' });
const PREFIX = 'redisoutage';
/**
 * The consumers' back-off, shortened from the default (1 s … 60 s, about six minutes for the
 * default 10 deliveries) so the outage outlasts all of them many times over within the test.
 */
const BACKOFF_MS = [250];
const MAX_DELIVER = 10;
/** Redis is away this long: 60 times the back-off, so the budget of 10 deliveries is gone by 3 s. */
const OUTAGE_MS = 15_000;
/** A handler still running after this would be redelivered without a verdict, but for the heartbeat. */
const ACK_WAIT_MS = 10_000;

interface Attempt {
  eventId: string;
  startedAt: number;
  ms: number;
  failed: boolean;
}

/**
 * The real NATS bus with the back-off above for every durable, recording how long each handler
 * attempt took and whether it threw: the consumer's view of the queue's outage.
 */
function timedBus(inner: EventBus, attempts: Attempt[]): EventBus {
  const bus = Object.create(inner) as EventBus;
  return Object.assign(bus, {
    subscribe(options: SubscribeOptions) {
      return inner.subscribe({
        ...options,
        backoffMs: BACKOFF_MS,
        maxDeliver: MAX_DELIVER,
        handle: async (envelope: EventEnvelope) => {
          const startedAt = Date.now();
          const record = (failed: boolean) =>
            attempts.push({ eventId: envelope.id, startedAt, ms: Date.now() - startedAt, failed });
          try {
            await options.handle(envelope);
          } catch (error) {
            record(true);
            throw error;
          }
          record(false);
        },
      });
    },
  });
}

const sent: OutgoingMail[] = [];
const mailer: Mailer = {
  kind: 'smtp',
  send(mail) {
    sent.push(mail);
    return Promise.resolve({ messageId: mail.messageId ?? randomUUID() });
  },
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

let nats: NatsServerHandle;
let redis: RedisServerHandle;
let notification: TestNotification;
const attempts: Attempt[] = [];

beforeAll(async () => {
  [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
  const bus = await createNatsBus({
    servers: nats.url,
    name: 'redis-outage-test',
    logger,
    ackWaitMs: ACK_WAIT_MS,
  });
  notification = await startTestNotification({
    bus: timedBus(bus, attempts),
    queue: createBullQueue({ redisUrl: redis.url, prefix: PREFIX, logger }),
    mailer,
    env: { EMAIL_RETRY_BACKOFF_MS: '100' },
  });
});
afterAll(async () => {
  await notification?.close();
  await nats?.stop();
  await redis?.stop();
});

function resetRequested(email: string) {
  const expiresAt = new Date(Date.now() + 3_600_000);
  return makeEnvelope(
    passwordResetRequestedV2,
    {
      userId: randomUUID(),
      email,
      username: email.split('@')[0] ?? 'someone',
      sealedToken: sealToken(
        notification.deps.config.MAIL_TOKEN_KEY,
        PASSWORD_RESET_TOKEN_PURPOSE,
        'r'.repeat(43),
        expiresAt,
      ),
      expiresAt: expiresAt.toISOString(),
    },
    { traceId: 'redis-outage-test' },
  );
}

const mailsTo = (to: string) => sent.filter((mail) => mail.to === to);

describe('mail events on NATS JetStream while Redis is down', () => {
  it('holds the event through the outage, neither parked nor hanging, and queues its mail once', async () => {
    // A running service: its queue already connected before Redis goes away.
    await notification.deps.bus.publish(resetRequested('before@example.com'));
    await waitFor(() => mailsTo('before@example.com').length === 1, 10_000, 'the mail before the outage');

    const outageStarted = Date.now();
    const outage = redis.restart({ downMs: OUTAGE_MS });
    await waitFor(
      () =>
        notification.deps.queue.ping().then(
          () => false,
          () => true,
        ),
      5_000,
      'Redis to be gone',
    );
    const envelope = resetRequested('during@example.com');
    await notification.deps.bus.publish(envelope);
    await outage;
    const outageMs = Date.now() - outageStarted;

    await waitFor(() => mailsTo('during@example.com').length > 0, 30_000, 'the mail of the outage');
    const [mail] = mailsTo('during@example.com');
    const sentAfterMs = Date.now() - outageStarted;
    expect(mail?.text).toContain(`https://saathi.example/reset-password?token=${'r'.repeat(43)}`);
    // A second job or a late redelivery would come within a few back-off steps.
    await sleep(2_000);
    expect(mailsTo('during@example.com')).toHaveLength(1);

    const mine = attempts.filter((attempt) => attempt.eventId === envelope.id);
    const failed = mine.filter((attempt) => attempt.failed);
    const slowestMs = Math.max(...mine.map((attempt) => attempt.ms));
    // Each attempt came back with a verdict, long before the ack wait: none waited on Redis.
    expect(slowestMs).toBeLessThan(ACK_WAIT_MS);
    // More failed than the deliveries allowed, and still nothing went to the dead-letter stream.
    expect(failed.length).toBeGreaterThan(MAX_DELIVER);
    expect((await notification.deps.bus.stats()).parked).toBe(0);
    expect(mine.filter((attempt) => !attempt.failed)).toHaveLength(1);

    const jobs = new Queue(QueueName.email, { connection: { url: redis.url }, prefix: PREFIX });
    const job = await jobs.getJob(envelope.id);
    await jobs.close();
    expect(job?.finishedOn).toBeDefined();
    expect(job?.attemptsMade).toBe(1);

    recordFigures('Faults', 'Mail events while Redis is down', {
      'outage seconds': Math.round(outageMs / 1000),
      'handler attempts that found Redis down': failed.length,
      'deliveries allowed': MAX_DELIVER,
      'slowest attempt ms': slowestMs,
      'mail sent after seconds': Math.round(sentAfterMs / 1000),
      'mails sent': mailsTo('during@example.com').length,
      parked: 0,
    });
  }, 60_000);
});
