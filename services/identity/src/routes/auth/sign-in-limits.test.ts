import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisRateLimiter } from '@saathi/platform';
import type { RateLimiter } from '@saathi/platform';
import { DEVICE_COOKIE, DEVICE_COOKIE_PATH, DEVICE_TOKEN_TTL_SECONDS } from '../../auth/device-token';
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

function login(
  identity: TestIdentity,
  address: string,
  identifier: string,
  password: string,
  deviceToken?: string,
) {
  return identity.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    remoteAddress: address,
    payload: { identifier, password },
    ...(deviceToken ? { headers: { cookie: `${DEVICE_COOKIE}=${deviceToken}` } } : {}),
  });
}

interface SetCookie {
  name: string;
  value: string;
  path?: string;
  maxAge?: number;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}

function deviceCookieOf(response: { cookies: unknown }): SetCookie | undefined {
  return (response.cookies as SetCookie[]).find((cookie) => cookie.name === DEVICE_COOKIE);
}

/** The device token a browser keeps after signing in to the account from `address`. */
async function signInForToken(identity: TestIdentity, address: string, identifier: string, password: string) {
  const response = await login(identity, address, identifier, password);
  expect(response.statusCode).toBe(200);
  const token = deviceCookieOf(response)?.value;
  expect(token).toBeTruthy();
  return token!;
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

// The attack: 10 wrong passwords from each of 10 addresses, each address waiting out its
// back-off (1 + 2 + 4 + 8 + 16 s). Only each address's first 5 now fill the account-wide cap, so
// the cap is 50 here (the default is 100) for the attack to fill it and keep strangers out.
const MANY_ADDRESSES = {
  RATE_LIMIT_LOGIN_PER_IP: '1000',
  RATE_LIMIT_LOGIN_PER_ACCOUNT: '50',
  RATE_LIMIT_LOGIN_PER_ACCOUNT_IP: '5',
  LOGIN_BACKOFF_BASE_SECONDS: '1',
  LOGIN_BACKOFF_MAX_SECONDS: '900',
};

describe('sign-in limits against a lockout from many addresses', () => {
  let identity: TestIdentity;
  beforeAll(async () => {
    identity = await startTestIdentity(MANY_ADDRESSES);
  });
  afterAll(async () => {
    await identity?.close();
  });

  /** Ten rounds of one wrong password from each of ten addresses; returns the 401s (guesses tried). */
  async function tenAddressesTenGuesses(identifier: string): Promise<number> {
    const attackers = Array.from({ length: 10 }, () => nextAddress());
    let tried = 0;
    for (let round = 0; round < 10; round += 1) {
      const answers = await Promise.all(
        attackers.map((address) => login(identity, address, identifier, `guess-${round}`)),
      );
      tried += answers.filter((answer) => answer.statusCode === 401).length;
      // From the fifth failure on, each address waits 1 s, then 2, 4, 8, 16.
      if (round >= 4) identity.clock.advance(1000 * 2 ** (round - 4));
    }
    return tried;
  }

  it('signs the owner in from a browser with its device token, while a fresh browser is held', async () => {
    const owner = await registerOn(identity);
    const token = await signInForToken(identity, nextAddress(), owner.email, owner.password);

    expect(await tenAddressesTenGuesses(owner.email)).toBe(50);

    const fresh = await login(identity, nextAddress(), owner.email, owner.password);
    expect(fresh.statusCode).toBe(429);
    const withToken = await login(identity, nextAddress(), owner.email, owner.password, token);
    expect(withToken.statusCode).toBe(200);
    // Signed in again: the browser's token is renewed.
    expect(deviceCookieOf(withToken)?.value).toMatch(/\S/);
    expect(deviceCookieOf(withToken)?.value).not.toBe(token);
  });

  it('gives no help to a device token of another account, or one altered to name this one', async () => {
    const owner = await registerOn(identity);
    const other = await registerOn(identity);
    const otherToken = await signInForToken(identity, nextAddress(), other.email, other.password);
    const ownerId = (await login(identity, nextAddress(), owner.email, owner.password)).json<{ id: string }>()
      .id;

    await tenAddressesTenGuesses(owner.email);

    expect((await login(identity, nextAddress(), owner.email, owner.password, otherToken)).statusCode).toBe(
      429,
    );
    const renamed = `${ownerId}${otherToken.slice(otherToken.indexOf('.'))}`;
    expect((await login(identity, nextAddress(), owner.email, owner.password, renamed)).statusCode).toBe(429);
    // The other account's own browser is unaffected by this account's cap.
    expect((await login(identity, nextAddress(), other.email, other.password, otherToken)).statusCode).toBe(
      200,
    );
  });

  it('lets a device token carry only a few wrong passwords past the cap, then no longer', async () => {
    const owner = await registerOn(identity);
    const stolen = await signInForToken(identity, nextAddress(), owner.email, owner.password);
    const ownersOther = await signInForToken(identity, nextAddress(), owner.email, owner.password);

    await tenAddressesTenGuesses(owner.email);

    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1)
      statuses.push((await login(identity, nextAddress(), owner.email, `thief-${i}`, stolen)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // Spent for the window, right password or not…
    expect((await login(identity, nextAddress(), owner.email, owner.password, stolen)).statusCode).toBe(429);
    // …while each token counts apart: the owner's other browser still gets in.
    expect((await login(identity, nextAddress(), owner.email, owner.password, ownersOther)).statusCode).toBe(
      200,
    );
  });
});

describe('sign-in limits and an address in back-off', () => {
  let identity: TestIdentity;
  beforeAll(async () => {
    identity = await startTestIdentity(LIMITS);
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('does not let one address waiting out its back-off fill the account-wide cap', async () => {
    const victim = await registerOn(identity);
    const attacker = nextAddress();
    // Twice the account-wide cap (8) from one address, each refused guess sent again after its wait.
    const statuses: number[] = [];
    for (let i = 0; i < 16; i += 1) {
      let answer = await login(identity, attacker, victim.email, `guess-${i}`);
      const wait = Number(answer.headers['retry-after']);
      if (answer.statusCode === 429 && wait <= Number(LIMITS.LOGIN_BACKOFF_MAX_SECONDS)) {
        identity.clock.advance(wait * 1000);
        answer = await login(identity, attacker, victim.email, `guess-${i}`);
      }
      statuses.push(answer.statusCode);
    }
    // The owner, elsewhere and without a device token, is not locked out…
    expect((await login(identity, nextAddress(), victim.email, victim.password)).statusCode).toBe(200);
    // …and every guess was still tried, once its wait was over.
    expect(statuses).toEqual(Array.from({ length: 16 }, () => 401));
  });
});

describe('the device cookie', () => {
  let identity: TestIdentity;
  beforeAll(async () => {
    identity = await startTestIdentity(LIMITS);
  });
  afterAll(async () => {
    await identity?.close();
  });

  it('is httpOnly, SameSite=Strict, sent only to the sign-in route, kept for a year and through sign-out', async () => {
    const owner = await registerOn(identity);
    const browser = identity.browser();
    const signedIn = await browser.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: owner.email, password: owner.password },
    });
    expect(signedIn.statusCode).toBe(200);
    const cookie = deviceCookieOf(signedIn)!;
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: 'Strict',
      path: DEVICE_COOKIE_PATH,
      maxAge: DEVICE_TOKEN_TTL_SECONDS,
    });
    expect(DEVICE_COOKIE_PATH).toBe('/api/auth/login');
    expect(cookie.secure).toBeFalsy();

    const signedOut = await browser.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(signedOut.statusCode).toBe(200);
    expect(deviceCookieOf(signedOut)).toBeUndefined();
    expect(browser.get(DEVICE_COOKIE)).toBe(cookie.value);
  });

  it('is cleared when the account is deleted', async () => {
    const owner = await registerOn(identity);
    const browser = identity.browser();
    await browser.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: owner.email, password: owner.password },
    });
    expect(browser.get(DEVICE_COOKIE)).toBeTruthy();
    const deleted = await browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: owner.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(browser.get(DEVICE_COOKIE)).toBeUndefined();
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
