import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '@saathi/platform';
import type { RateLimiter } from '@saathi/platform';
import { buildRegistration, nextAddress, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

const LIMITS = {
  // Generous per-IP and account-wide limits, so each test below meets the one it is about.
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '8',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '3',
  LOGIN_BACKOFF_BASE_SECONDS: '2',
  LOGIN_BACKOFF_MAX_SECONDS: '8',
};

async function registerOn(identity: TestIdentity) {
  const account = buildRegistration();
  const response = await identity
    .browser()
    .inject({ method: 'POST', url: '/api/auth/register', payload: account });
  expect(response.statusCode).toBe(201);
  return account;
}

function login(identity: TestIdentity, address: string, identifier: string, password: string) {
  return identity.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    payload: { identifier, password },
  });
}

describe('sign-in limits', () => {
  let identity: TestIdentity;
  beforeAll(async () => {
    identity = await startTestIdentity(LIMITS);
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('lets no more parallel wrong guesses from one address through than the limit', async () => {
    const victim = await registerOn(identity);
    const attacker = nextAddress();
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) => login(identity, attacker, victim.email, `guess-${i}`)),
    ).then((responses) => responses.map((r) => r.statusCode));
    expect(statuses.filter((s) => s === 401)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(9);
  });

  it('counts the guesses of one IPv6 /64 together, whichever of its addresses each comes from', async () => {
    const victim = await registerOn(identity);
    const network = `2001:db8:${Math.floor(Math.random() * 0xffff).toString(16)}:7`;
    const statuses = [];
    for (let i = 1; i <= 5; i += 1)
      statuses.push((await login(identity, `${network}::${i}`, victim.email, `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('lets no more parallel wrong guesses across addresses through than the account-wide cap', async () => {
    const victim = await registerOn(identity);
    const statuses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => login(identity, nextAddress(), victim.email, `guess-${i}`)),
    ).then((responses) => responses.map((r) => r.statusCode));
    expect(statuses.filter((s) => s === 401)).toHaveLength(8);
    expect(statuses.filter((s) => s === 429)).toHaveLength(12);
  });

  it('still signs the owner in from another address while the attacker’s address is throttled', async () => {
    const victim = await registerOn(identity);
    const attacker = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1)
      statuses.push((await login(identity, attacker, victim.username, `guess-${i}`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Even the right password waits on the attacker's address…
    const fromAttacker = await login(identity, attacker, victim.email, victim.password);
    expect(fromAttacker.statusCode).toBe(429);
    expect(Number(fromAttacker.headers['retry-after'])).toBeGreaterThan(0);
    // …but the owner, elsewhere, is not locked out.
    expect((await login(identity, nextAddress(), victim.email, victim.password)).statusCode).toBe(200);
  });

  it('makes an address wait longer after each further failure, and a right password clears it', async () => {
    const victim = await registerOn(identity);
    const address = nextAddress();
    for (let i = 0; i < 3; i += 1) await login(identity, address, victim.email, `guess-${i}`);
    const waits: string[] = [];
    for (let round = 0; round < 3; round += 1) {
      const refused = await login(identity, address, victim.email, 'guess-again');
      expect(refused.statusCode).toBe(429);
      waits.push(String(refused.headers['retry-after']));
      identity.clock.advance(Number(refused.headers['retry-after']) * 1000);
      expect((await login(identity, address, victim.email, 'guess-again')).statusCode).toBe(401);
    }
    expect(waits).toEqual(['2', '4', '8']);
    identity.clock.advance(8000);
    expect((await login(identity, address, victim.email, victim.password)).statusCode).toBe(200);
    // Cleared: the next mistake is answered at once, not after a wait.
    expect((await login(identity, address, victim.email, 'typo')).statusCode).toBe(401);
  });
});

describe('sign-in limits across replicas', () => {
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  const prefix = `saathi-test-identity-rl-${randomUUID()}:`;
  const limiters: RateLimiter[] = [];
  let one: TestIdentity;
  let two: TestIdentity;
  beforeAll(async () => {
    const shared = () => {
      const limiter = createRedisRateLimiter({ redisUrl, prefix });
      limiters.push(limiter);
      return limiter;
    };
    one = await startTestIdentity(LIMITS, { rateLimiter: shared() });
    two = await startTestIdentity(LIMITS, { rateLimiter: shared(), replicaOf: one });
  });
  afterAll(async () => {
    await two?.close();
    await one?.close();
    await Promise.all(limiters.map((limiter) => limiter.close()));
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
  });

  it('counts one address’s wrong guesses together on every replica (Redis)', async () => {
    const victim = await registerOn(one);
    const attacker = nextAddress();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const replica = i % 2 === 0 ? one : two;
      statuses.push((await login(replica, attacker, victim.email, `guess-${i}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
