import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetRequestedV1 } from '@saathi/contracts';
import {
  createBullQueue,
  createLogger,
  createNatsBus,
  createSmtpMailer,
  makeEnvelope,
  parseEml,
} from '@saathi/platform';
import type { ParsedMail } from '@saathi/platform';
import { startNatsServer, uniqueName } from '@saathi/platform/testing';
import type { NatsServerHandle } from '@saathi/platform/testing';
import { eventually, startTestNotification } from './testing/test-notification';
import type { TestNotification } from './testing/test-notification';

const logger = createLogger({ name: 'mail-cluster-test', level: 'silent' });
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

let nats: NatsServerHandle;
let notification: TestNotification;
let smtpPort: number;
let smtp: SMTPServer | undefined;
const delivered: ParsedMail[] = [];

function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

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
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

beforeAll(async () => {
  // A private JetStream server and a unique BullMQ prefix: no other test run sees these events or jobs.
  nats = await startNatsServer();
  smtpPort = await sparePort();
  notification = await startTestNotification({
    bus: await createNatsBus({ servers: nats.url, name: 'notification-test', logger }),
    queue: createBullQueue({ redisUrl: REDIS_URL, prefix: uniqueName('notiftest'), logger }),
    mailer: createSmtpMailer({
      url: `smtp://127.0.0.1:${smtpPort}`,
      from: 'Saathi <no-reply@saathi.test>',
      logger,
    }),
    env: { EMAIL_RETRY_BACKOFF_MS: '150', EMAIL_MAX_ATTEMPTS: '10' },
  });
});
afterAll(async () => {
  await notification?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  await nats?.stop();
});

describe('mail path on NATS JetStream, BullMQ and SMTP', () => {
  it('retries with back-off while SMTP is down, then delivers the reset mail exactly once', async () => {
    const token = 'z'.repeat(43);
    const envelope = makeEnvelope(
      passwordResetRequestedV1,
      {
        userId: randomUUID(),
        email: 'meera@example.com',
        username: 'meera',
        token,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      { traceId: 'cluster-test' },
    );
    await notification.deps.bus.publish(envelope);
    // Publishing twice (an outbox relay retry) must not mean two mails.
    await notification.deps.bus.publish(envelope);

    // Let a few attempts fail against the closed port, then bring SMTP up.
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(delivered).toHaveLength(0);
    smtp = await startSmtp(smtpPort);

    const mail = await eventually(() => Promise.resolve(delivered[0]), 20_000);
    expect(mail.to).toContain('meera@example.com');
    expect(mail.text).toContain(`https://saathi.example/reset-password?token=${token}`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(delivered).toHaveLength(1);
  });
});
