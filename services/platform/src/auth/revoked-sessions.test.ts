import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, sessionRevokedV1 } from '@saathi/contracts';
import { makeEnvelope } from '../events/make-envelope';
import { commonEnvSchema, infraEnvSchema, loadConfig } from '../config';
import { createMemoryBus } from '../events/memory-bus';
import { createNatsBus } from '../events/nats-bus';
import { createLogger } from '../logging';
import { systemClock } from '../ports';
import type { EventBus } from '../ports';
import { createMemoryQueue } from '../queue/memory-queue';
import { defineService } from '../service/define-service';
import { startService } from '../service/start-service';
import { createTestDatabase, startNatsServer } from '../testing';
import type { NatsServerHandle, TestDatabase } from '../testing';
import { createApp } from '../http/create-app';
import { waitFor } from '../testing/wait-for';
import { requireUser } from './plugin';
import { RevokedSessions, trackRevokedSessions } from './revoked-sessions';
import { generateKeyPair, signAccessToken } from './tokens';

describe('RevokedSessions', () => {
  it('refuses a session until its tokens would have expired, then forgets it', () => {
    let now = 1_000;
    const revoked = new RevokedSessions(() => now);
    revoked.add(['s-1'], 5_000);
    expect(revoked.has('s-1')).toBe(true);
    expect(revoked.has('s-2')).toBe(false);
    now = 5_000;
    expect(revoked.has('s-1')).toBe(false);
  });
});

describe('a service hearing identity.session.revoked.v1', () => {
  it('refuses the revoked session’s still-unexpired access token at once', async () => {
    const keys = generateKeyPair();
    const bus = createMemoryBus();
    const sessionId = randomUUID();
    const userId = randomUUID();
    const app = await createApp({
      name: 'test',
      logLevel: 'silent',
      readiness: {},
      auth: { publicKey: keys.publicKey, revokedSessions: await trackRevokedSessions(bus) },
    });
    app.get('/private', (request) => ({ id: requireUser(request).id }));
    const token = signAccessToken(
      keys.privateKey,
      { sub: userId, username: 'asha', role: 'user', sid: sessionId },
      { ttlSeconds: 600 },
    );
    const call = () =>
      app
        .inject({ method: 'GET', url: '/private', cookies: { [ACCESS_COOKIE]: token } })
        .then((r) => r.statusCode);
    try {
      expect(await call()).toBe(200);
      await bus.publish(
        makeEnvelope(
          sessionRevokedV1,
          {
            userId,
            sessionIds: [sessionId],
            accessTokensValidUntil: new Date(Date.now() + 600_000).toISOString(),
          },
          { traceId: 'test' },
        ),
      );
      await waitFor(async () => (await call()) === 401);
      expect(await call()).toBe(401);
    } finally {
      await app.close();
      await bus.close();
    }
  });
});

describe('a service instance that starts after a logout', () => {
  const keys = generateKeyPair();
  const configSchema = commonEnvSchema.extend(
    infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, JWT_PUBLIC_KEY: true }).shape,
  );
  const definition = defineService({
    name: 'revocationprobe',
    configSchema,
    dbSchema: 'revocation_probe',
    auth: 'platform',
    core: () => ({}),
    routes: [],
    // Not an /api route: a probe of the app's token check, outside the contract.
    plugins: (app) => {
      app.get('/private', (request) => ({ id: requireUser(request).id }));
    },
  });
  const logger = createLogger({ name: 'revocation-test', level: 'silent' });
  let database: TestDatabase;
  let nats: NatsServerHandle;
  beforeAll(async () => {
    database = await createTestDatabase('revocation');
    nats = await startNatsServer();
  });
  afterAll(async () => {
    await nats?.stop();
    await database?.drop();
  });

  async function startInstance(bus: EventBus) {
    const config = loadConfig(
      configSchema,
      { LOG_LEVEL: 'silent', JWT_PUBLIC_KEY: keys.publicKey },
      { exit: false },
    );
    const queue = createMemoryQueue({ logger });
    const running = await startService(definition, {
      config,
      db: database.port,
      bus,
      queue,
      clock: systemClock,
      logger,
    });
    return {
      status: (token: string) =>
        running.app
          .inject({ method: 'GET', url: '/private', cookies: { [ACCESS_COOKIE]: token } })
          .then((r) => r.statusCode),
      async stop() {
        await running.stop();
        await running.app.close();
        await queue.close();
      },
    };
  }

  const tokenFor = (sessionId: string) =>
    signAccessToken(
      keys.privateKey,
      { sub: randomUUID(), username: 'asha', role: 'user', sid: sessionId },
      {
        ttlSeconds: 600,
      },
    );
  const revocation = (sessionId: string) =>
    makeEnvelope(
      sessionRevokedV1,
      {
        userId: randomUUID(),
        sessionIds: [sessionId],
        accessTokensValidUntil: new Date(Date.now() + 600_000).toISOString(),
      },
      { traceId: 'test' },
    );

  it.each([
    ['NATS JetStream', () => createNatsBus({ servers: nats.url, name: 'revocation-test' })],
    ['the memory bus', () => Promise.resolve(createMemoryBus())],
  ] as [string, () => Promise<EventBus>][])(
    'refuses the revoked session’s token at once (%s)',
    async (_name, createBus) => {
      const revokedSession = randomUUID();
      const liveSession = randomUUID();
      // Identity publishes the logout before this instance exists (a new replica, a restart).
      const publisher = await createBus();
      await publisher.publish(revocation(revokedSession));
      const bus = await createBus();
      // In embedded mode the bus lives in the process, so the new instance shares the publisher's.
      const instance = await startInstance(publisher.kind === 'memory' ? publisher : bus);
      try {
        expect(await instance.status(tokenFor(revokedSession))).toBe(401);
        expect(await instance.status(tokenFor(liveSession))).toBe(200);
      } finally {
        await instance.stop();
        await bus.close();
        await publisher.close();
      }
    },
  );
});
