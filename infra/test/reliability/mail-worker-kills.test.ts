/**
 * Fault 2: 1,000 password-reset mails while the notification mail worker (its real entry,
 * services/notification/src/worker.ts, on a private redis-server) is SIGKILLed mid-batch. The
 * mails are queued by notification's own consumer of identity's reset event, and delivered to a
 * real SMTP server in this test that counts what it accepted.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { QueueEvents } from 'bullmq';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { passwordResetRequestedV2, PASSWORD_RESET_TOKEN_PURPOSE, QueueName } from '@saathi/contracts';
import {
  createBullQueue,
  createLogger,
  createMemoryBus,
  generateKeyPair,
  generateMailTokenKey,
  loadConfig,
  makeEnvelope,
  parseEml,
  queryRows,
  sealToken,
  startService,
} from '@saathi/platform';
import type { App, JobQueue, RunningService } from '@saathi/platform';
import { configSchema, notificationService } from '@saathi/notification';
import { createTestDatabase, sleep, startRedisServer, testEnv, waitFor } from '@saathi/platform/testing';
import type { RedisServerHandle, TestDatabase } from '@saathi/platform/testing';
import { sparePort } from '../../../services/platform/src/testing/server-process';
import { recordFigures } from './figures';
import { killableProcess } from './killable-process';
import type { KillableProcess } from './killable-process';

const MAILS = 1_000;
/** The worker is killed each time this many more mails have arrived. */
const KILL_AT = [150, 400, 700];
/** The worker's concurrency (notification's email worker): the most jobs one kill can cut. */
const CONCURRENCY = 4;
const MAIL_FROM = 'Saathi <no-reply@saathi.test>';
const logger = createLogger({ name: 'mail-faults-test', level: 'silent' });

interface Accepted {
  messageId: string;
  to: string;
  text: string;
}

let redis: RedisServerHandle;
let database: TestDatabase;
let smtp: SMTPServer;
let worker: KillableProcess;
let queue: JobQueue;
let service: RunningService<App> | undefined;
let stalledEvents: QueueEvents;
let mailTokenKey: Buffer;
const memoryBus = createMemoryBus();
const accepted: Accepted[] = [];
let stalled = 0;
let connectionsCut = 0;

beforeAll(async () => {
  [redis, database] = await Promise.all([startRedisServer(), createTestDatabase('faults_mail')]);
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parseEml(Buffer.concat(chunks));
        accepted.push({ messageId: mail.messageId, to: mail.to, text: mail.text });
        callback();
      });
    },
  });
  // A killed worker resets its SMTP connections, possibly mid-mail (that mail is not accepted).
  smtp.on('error', () => (connectionsCut += 1));
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;

  const keys = generateKeyPair();
  const env = {
    PUBLIC_ORIGIN: 'https://saathi.example',
    MAIL_FROM,
    MAIL_TOKEN_KEY: generateMailTokenKey(),
    JWT_PUBLIC_KEY: keys.publicKey,
  };
  // Notification's service side, in this process: its consumer turns reset events into mail jobs.
  const config = loadConfig(configSchema, env, { exit: false });
  mailTokenKey = config.MAIL_TOKEN_KEY;
  queue = createBullQueue({ redisUrl: redis.url, logger });
  service = await startService(notificationService, {
    config,
    db: database.port,
    bus: memoryBus,
    queue,
    clock: { now: () => new Date() },
    logger,
  });

  stalledEvents = new QueueEvents(QueueName.email, { connection: { url: redis.url }, prefix: 'saathi' });
  stalledEvents.on('stalled', () => (stalled += 1));
  await stalledEvents.waitUntilReady();

  const workerPort = await sparePort();
  worker = killableProcess({
    entry: 'services/notification/src/worker.ts',
    env: {
      ...env,
      DATABASE_URL: database.url,
      NATS_URL: testEnv.natsUrl,
      REDIS_URL: redis.url,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      HOST: '127.0.0.1',
      PORT: String(workerPort),
      LOG_LEVEL: 'warn',
      // A killed worker's jobs are taken up again within about 4 s instead of a minute.
      JOB_LOCK_MS: '2000',
    },
    ready: () =>
      fetch(`http://127.0.0.1:${workerPort}/readyz`)
        .then((response) => response.ok)
        .catch(() => false),
  });
  await worker.start();
}, 180_000);

afterAll(async () => {
  await worker?.stop();
  await service?.stop();
  await service?.app.close();
  await queue?.close();
  await stalledEvents?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await redis?.stop();
  await database?.drop();
});

it('sends each of 1,000 reset mails once (one Message-ID each) while the mail worker is killed mid-batch', async () => {
  const started = performance.now();
  // Identity's side: one reset request per account, its token sealed for the mail worker.
  const tokens = new Map<string, string>();
  const expiresAt = new Date(Date.now() + 3_600_000);
  for (let i = 0; i < MAILS; i++) {
    const token = randomUUID().replaceAll('-', '') + randomUUID().replaceAll('-', '');
    const envelope = makeEnvelope(
      passwordResetRequestedV2,
      {
        userId: randomUUID(),
        email: `user${i}@example.com`,
        username: `user${i}`,
        sealedToken: sealToken(mailTokenKey, PASSWORD_RESET_TOKEN_PURPOSE, token, expiresAt),
        expiresAt: expiresAt.toISOString(),
      },
      { traceId: 'faults-mail' },
    );
    tokens.set(`<${envelope.id}@saathi.test>`, token);
    await memoryBus.publish(envelope);
  }

  const distinct = () => new Set(accepted.map((mail) => mail.messageId)).size;
  for (const threshold of KILL_AT) {
    await waitFor(() => distinct() >= threshold, 300_000, `${threshold} mails delivered`);
    await worker.kill();
    await worker.start();
  }
  await waitFor(() => distinct() === MAILS, 300_000, 'every mail delivered');
  // Longer than a lock and a stalled-job check: a job run again late would arrive by now.
  await sleep(5_000);

  const counts = await queue.counts(QueueName.email);
  const sentRows = await queryRows<{ count: string | number }>(
    database.port.db,
    sql`select count(*) as count from notification.sent_emails`,
  );
  const seconds = Math.round((performance.now() - started) / 1000);
  const smtpRepeats = accepted.length - distinct();
  recordFigures('Faults', 'Reset mails while the mail worker is killed', {
    jobs: MAILS,
    'worker kills': worker.kills,
    sent: distinct(),
    'SMTP deliveries': accepted.length,
    'repeated SMTP deliveries (same Message-ID, shown once by mailboxes)': smtpRepeats,
    'stalled jobs recovered': stalled,
    'SMTP connections cut by kills': connectionsCut,
    'failed jobs': counts.failed,
    seconds,
  });

  // Every mail arrived, to its own address with its own reset link, under its job's Message-ID.
  expect(distinct()).toBe(MAILS);
  for (const mail of accepted) {
    const token = tokens.get(mail.messageId);
    expect(token, mail.messageId).toBeDefined();
    expect(mail.text).toContain(`https://saathi.example/reset-password?token=${token}`);
  }
  expect(new Set(accepted.map((mail) => mail.to)).size).toBe(MAILS);
  expect(Number(sentRows[0]?.count)).toBe(MAILS);
  expect(counts).toEqual({ waiting: 0, active: 0, delayed: 0, failed: 0 });
  expect(worker.kills).toBe(KILL_AT.length);
  // The kills cut jobs mid-run, and those jobs were taken up again rather than lost.
  expect(stalled).toBeGreaterThan(0);
  // A second SMTP copy needs a kill between the server's OK and the worker's sent-mark, so it
  // can happen at most once per job a kill cut short; it carries the same Message-ID.
  expect(smtpRepeats).toBeLessThanOrEqual(worker.kills * CONCURRENCY);
}, 600_000);
