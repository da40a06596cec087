import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetRequestedV2, PASSWORD_RESET_TOKEN_PURPOSE, QueueName } from '@saathi/contracts';
import {
  createBullQueue,
  createLogger,
  createNatsBus,
  createSmtpMailer,
  makeEnvelope,
  parseEml,
  sealToken,
} from '@saathi/platform';
import type { ParsedMail } from '@saathi/platform';
import { startNatsServer, startRedisServer } from '@saathi/platform/testing';
import type { NatsServerHandle, RedisServerHandle } from '@saathi/platform/testing';
import { recordFigures } from '../../../infra/test/reliability/figures';
import { eventually, startTestNotification } from './testing/test-notification';
import type { TestNotification } from './testing/test-notification';

const logger = createLogger({ name: 'mail-cluster-test', level: 'silent' });
/** Reliability fault 3: the SMTP server is away this long. */
const OUTAGE_MS = 60_000;
/** Retries at 1, 2, 4 … 32 s: the seventh attempt, about 63 s in, finds SMTP back. */
const BACKOFF_MS = 1_000;
const PREFIX = 'notiftest';

let nats: NatsServerHandle;
let redis: RedisServerHandle;
let notification: TestNotification;
let smtpPort: number;
let smtp: SMTPServer | undefined;
const delivered: ParsedMail[] = [];

/**
 * The outage: a port that hangs up on every connection, so each send attempt fails as against a
 * dead server. It keeps the port for the whole minute: left free, another process of the test
 * run could take it meanwhile and SMTP could not come back on it (that flaked).
 */
function startDeadPort(): Promise<net.Server> {
  return new Promise((resolve, reject) => {
    const server = net.createServer((socket) => socket.destroy());
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server));
  });
}
let deadPort: net.Server | undefined;

function startSmtp(port: number): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        delivered.push(parseEml(Buffer.concat(chunks)));
        callback();
      });
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

beforeAll(async () => {
  // A private JetStream server and redis-server: no other test run sees these events or jobs.
  [nats, redis] = await Promise.all([startNatsServer(), startRedisServer()]);
  deadPort = await startDeadPort();
  smtpPort = (deadPort.address() as AddressInfo).port;
  notification = await startTestNotification({
    bus: await createNatsBus({ servers: nats.url, name: 'notification-test', logger }),
    queue: createBullQueue({ redisUrl: redis.url, prefix: PREFIX, logger }),
    mailer: createSmtpMailer({
      url: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Saathi <no-reply@saathi.test>',
      logger,
    }),
    env: { EMAIL_RETRY_BACKOFF_MS: String(BACKOFF_MS), EMAIL_MAX_ATTEMPTS: '10' },
  });
});
afterAll(async () => {
  await notification?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  if (deadPort?.listening) await new Promise<void>((resolve) => deadPort?.close(() => resolve()));
  await nats?.stop();
  await redis?.stop();
});

describe('mail path on NATS JetStream, BullMQ and SMTP', () => {
  it('keeps retrying while SMTP is down for a minute, then delivers the reset mail exactly once', async () => {
    const token = 'z'.repeat(43);
    const expiresAt = new Date(Date.now() + 3_600_000);
    const envelope = makeEnvelope(
      passwordResetRequestedV2,
      {
        userId: randomUUID(),
        email: 'meera@example.com',
        username: 'meera',
        sealedToken: sealToken(
          notification.deps.config.MAIL_TOKEN_KEY,
          PASSWORD_RESET_TOKEN_PURPOSE,
          token,
          expiresAt,
        ),
        expiresAt: expiresAt.toISOString(),
      },
      { traceId: 'cluster-test' },
    );
    await notification.deps.bus.publish(envelope);
    // Publishing twice (an outbox relay retry) must not mean two mails.
    await notification.deps.bus.publish(envelope);

    // Every attempt meanwhile is hung up on; then SMTP comes back on the same port.
    const outageStarted = Date.now();
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
    expect(delivered).toHaveLength(0);
    await new Promise<void>((resolve) => deadPort?.close(() => resolve()));
    smtp = await startSmtp(smtpPort);
    const outageSeconds = Math.round((Date.now() - outageStarted) / 1000);

    const mail = await eventually(() => Promise.resolve(delivered[0]), 45_000, 200);
    const arrivedAfterMs = Date.now() - outageStarted;
    expect(mail.to).toContain('meera@example.com');
    expect(mail.text).toContain(`https://saathi.example/reset-password?token=${token}`);
    // A late retry (a duplicate job or attempt) would arrive within a back-off step.
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    expect(delivered).toHaveLength(1);

    const jobs = new Queue(QueueName.email, { connection: { url: redis.url }, prefix: PREFIX });
    const job = await jobs.getJob(envelope.id);
    await jobs.close();
    expect(job?.finishedOn).toBeDefined();
    // Several attempts failed against the dead port before the one that delivered.
    expect(job?.attemptsMade).toBeGreaterThan(3);
    recordFigures('Faults', 'Reset mail while SMTP is down for a minute', {
      'outage seconds': outageSeconds,
      'send attempts': job?.attemptsMade ?? 0,
      'arrived after seconds': Math.round(arrivedAfterMs / 1000),
      deliveries: delivered.length,
    });
  }, 120_000);
});
