/**
 * The tight per-IP limits on sign-in, register and forgot-password, counted in Redis in
 * cluster mode (issue 29): shared by the replicas, and still held (in each process's memory)
 * while Redis is away, rather than skipped or refusing everyone.
 */
import { Writable } from 'node:stream';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@saathi/platform';
import type { App } from '@saathi/platform';
import { allAt, buildTestGateway, closers, startFakeService } from './test-upstreams';
import type { Upstreams } from './routes';
import { TEST_ROUTES } from './testing/test-routes';

const { track, closeAll } = closers();
afterAll(closeAll);

let upstreams: Upstreams;
beforeAll(async () => {
  const service = await startFakeService('identity');
  track(() => service.app.close());
  upstreams = allAt(service.url);
});

/** Nothing listens on port 1: every connection is refused at once. */
const UNREACHABLE_REDIS = 'redis://127.0.0.1:1';

function capturingLogger(): {
  logger: ReturnType<typeof createLogger>;
  lines: { level: number; msg: string }[];
} {
  const lines: { level: number; msg: string }[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as { level: number; msg: string });
      }
      done();
    },
  });
  return { logger: createLogger({ name: 'gateway-test', level: 'info', destination }), lines };
}

async function gatewayWith(redisUrl: string, logger = capturingLogger().logger): Promise<App> {
  const app = await buildTestGateway({
    upstreams,
    routes: TEST_ROUTES,
    rateLimit: { store: 'redis', redisUrl, authMax: 2, max: 100 },
    logger,
  });
  track(() => app.close());
  return app;
}

/** A sign-in from one address (each test its own, so counters left in Redis do not meet). */
const signIn = (app: App, ip: string) =>
  app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: ip,
    payload: { username: 'a', password: 'b' },
  });

/**
 * Until its Redis client has connected a gateway counts in memory: sign in from a spare address
 * until that address's counter shows up in Redis.
 */
async function countingInRedis(app: App): Promise<void> {
  const redis = new Redis('redis://127.0.0.1:6379');
  try {
    const ip = freshIp();
    for (let tries = 0; tries < 200; tries++) {
      await signIn(app, ip);
      if ((await redis.keys(`saathi-gateway-rl:*${ip}`)).length > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    throw new Error('the gateway never counted in redis');
  } finally {
    redis.disconnect();
  }
}

const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describe('the sign-in limits with Redis', () => {
  it('hold across replicas that share Redis', async () => {
    const first = await gatewayWith('redis://127.0.0.1:6379');
    const second = await gatewayWith('redis://127.0.0.1:6379');
    await countingInRedis(first);
    await countingInRedis(second);
    const ip = freshIp();
    expect((await signIn(first, ip)).statusCode).toBe(200);
    expect((await signIn(second, ip)).statusCode).toBe(200);
    expect((await signIn(first, ip)).statusCode).toBe(429);
  });

  it('still hold, in memory, while Redis cannot be reached, and say so once in the log', async () => {
    const { logger, lines } = capturingLogger();
    const app = await gatewayWith(UNREACHABLE_REDIS, logger);
    const ip = freshIp();
    expect((await signIn(app, ip)).statusCode).toBe(200);
    expect((await signIn(app, ip)).statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const limited = await signIn(app, ip);
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toEqual({
        message: expect.stringMatching(/^Too many requests/),
        code: 'RATE_LIMITED',
      });
    }
    // Other addresses and other limited routes are counted on their own, as with Redis.
    expect((await signIn(app, freshIp())).statusCode).toBe(200);
    const register = await app.inject({
      method: 'POST',
      url: '/api/auth/register',
      remoteAddress: ip,
      payload: {},
    });
    expect(register.statusCode).toBe(200);
    // Said once the client has found Redis unreachable (its first try may still be under way).
    const said = () =>
      lines.filter((line) => line.msg.includes('counting the sign-in limits in this process')).length;
    for (let tries = 0; said() === 0 && tries < 200; tries++) {
      await signIn(app, freshIp());
      logger.flush();
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    for (let i = 0; i < 5; i++) await signIn(app, freshIp());
    logger.flush();
    const fallbackLines = lines.filter((line) =>
      line.msg.includes('counting the sign-in limits in this process'),
    );
    expect(fallbackLines).toHaveLength(1);
  });
});
