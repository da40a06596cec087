import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  emailVerificationRequestedV2,
  PASSWORD_RESET_TOKEN_PURPOSE,
  passwordResetRequestedV2,
  userRegisteredV1,
} from '@saathi/contracts';
import type { EventEnvelope } from '@saathi/contracts';
import {
  createBullQueue,
  createLogger,
  createNatsBus,
  generateKeyPair,
  generateMailTokenKey,
  loadConfig,
  openToken,
  systemClock,
  queryRows,
  startService,
} from '@saathi/platform';
import type { EventBus, JobQueue, RunningService } from '@saathi/platform';
import { createTestDatabase, startNatsServer, uniqueName } from '@saathi/platform/testing';
import type { NatsServerHandle, TestDatabase } from '@saathi/platform/testing';
import { sql } from 'drizzle-orm';
import { configSchema, identityService } from './index';
import { sweepIdentity } from './db/maintenance';
import { CookieJar } from './testing/cookie-jar';
import { buildRegistration } from './testing/test-service';

const logger = createLogger({ name: 'identity-cluster-test', level: 'silent' });
let nats: NatsServerHandle;
let database: TestDatabase;
let bus: EventBus;
let queue: JobQueue;
let running: RunningService;
const received: EventEnvelope[] = [];
const mailTokenKey = generateMailTokenKey();

beforeAll(async () => {
  nats = await startNatsServer();
  database = await createTestDatabase('identity_cluster');
  bus = await createNatsBus({ servers: nats.url, name: 'identity-test', logger });
  queue = createBullQueue({
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    prefix: uniqueName('idtest'),
    logger,
  });
  const config = loadConfig(
    configSchema,
    {
      JWT_PRIVATE_KEY: generateKeyPair().privateKey,
      MAIL_TOKEN_KEY: mailTokenKey,
      LOG_LEVEL: 'silent',
      COOKIE_SECURE: 'true',
    },
    { exit: false },
  );
  running = await startService(identityService, {
    config,
    db: database.port,
    bus,
    queue,
    clock: systemClock,
    logger,
  });
  for (const event of [userRegisteredV1, passwordResetRequestedV2, emailVerificationRequestedV2]) {
    await bus.subscribe({
      durable: `test.${event.type.replaceAll('.', '-')}`,
      event,
      handle: (envelope) => {
        received.push(envelope);
        return Promise.resolve();
      },
    });
  }
});
afterAll(async () => {
  await running?.stop();
  await running?.app.close();
  await bus?.close();
  await queue?.close();
  await database?.drop();
  await nats?.stop();
});

describe('identity on NATS JetStream', () => {
  it('migrates, and the outbox relay publishes registration and reset events to JetStream', async () => {
    const browser = new CookieJar(running.app);
    const body = buildRegistration();
    // The request continues the caller's W3C trace; its events carry that trace id.
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const registered = await browser.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: body,
      headers: { traceparent: `00-${traceId}-00f067aa0ba902b7-01` },
    });
    expect(registered.statusCode).toBe(201);
    await browser.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: body.email },
    });

    const deadline = Date.now() + 10_000;
    while (received.length < 3 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    const types = received.map((envelope) => envelope.type).sort();
    expect(types).toEqual([
      'identity.email_verification.requested.v2',
      'identity.password_reset.requested.v2',
      'identity.user.registered.v1',
    ]);
    const registeredEvent = received.find((e) => e.type === 'identity.user.registered.v1')!;
    expect(registeredEvent.data).toMatchObject({ userId: registered.json().id, email: body.email });
    expect(registeredEvent.traceId).toBe(traceId);

    const ready = await running.app.inject({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);

    // Over https the session cookies are Secure.
    const cookies = registered.cookies as { name: string; secure?: boolean }[];
    expect(cookies.filter((c) => c.name.startsWith('saathi_')).every((c) => c.secure === true)).toBe(true);

    // The token crosses JetStream only sealed; once published, even the sealed copy leaves the
    // outbox: only its hash stays in the database.
    const { sealedToken } = received.find((e) => e.type === 'identity.password_reset.requested.v2')!.data as {
      sealedToken: string;
    };
    const rawToken = openToken(
      Buffer.from(mailTokenKey, 'base64'),
      PASSWORD_RESET_TOKEN_PURPOSE,
      sealedToken,
      new Date(),
    )!;
    expect(rawToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(received)).not.toContain(rawToken);
    // So does the verification link's token.
    const verification = received.find((e) => e.type === 'identity.email_verification.requested.v2')!
      .data as { sealedToken: string };
    const verificationToken = openToken(
      Buffer.from(mailTokenKey, 'base64'),
      EMAIL_VERIFICATION_TOKEN_PURPOSE,
      verification.sealedToken,
      new Date(),
    )!;
    expect(verificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(received)).not.toContain(verificationToken);
    const token = { token: sealedToken };
    const dispatched = async () =>
      queryRows(
        database.port.db,
        sql`select 1 from identity.outbox where dispatched_at is not null and payload::text like ${`%${token.token}%`}`,
      );
    while ((await dispatched()).length === 0 && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50));
    await sweepIdentity(database.port.db, new Date());
    const leftovers = await queryRows(
      database.port.db,
      sql`select 1 from identity.outbox where payload::text like ${`%${token.token}%`}`,
    );
    expect(leftovers).toHaveLength(0);
  });
});
