/**
 * Abuse and secrets, against one cluster (`start:cluster` with two identity replicas sharing
 * Redis, real PostgreSQL and SMTP, every process logging at debug):
 * - the 101st failed sign-in for one account within an hour is refused, from any address, on any
 *   replica, and the refusal does not tell whether the password was right;
 * - register and forgot-password are limited per client address at the gateway;
 * - a known and an unknown address get the same forgot-password answer, in similar time;
 * - stored password hashes are argon2id with at least the configured costs;
 * - no password, token, cookie, hash or key appears in any process's log after a full run.
 *
 * The gateway trusts X-Forwarded-For from loopback here (TRUST_PROXY), so the test can speak
 * from as many client addresses as an attacker with a botnet would.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@saathi/contracts';
import { findLinkToken } from '../../../web/e2e/mail';
import type { TokenPage } from '../../../web/e2e/mail';
import { startTestCluster, waitUntil } from '../cluster-harness';
import type { TestCluster } from '../cluster-harness';
import { recordFigures } from './figures';

/** identity's defaults (services/identity/src/config.ts), which this test does not override. */
const ACCOUNT_FAILURES_PER_HOUR = 100;
const ARGON2_MIN = { m: 19_456, t: 2, p: 1 };
const AUTH_LIMIT_PER_MINUTE = 10;
const DELHI = { latitude: 28.6139, longitude: 77.209, locationName: 'Delhi' };
const SCHEMAS = ['identity', 'feed', 'messaging', 'blog', 'notification', 'moderation'];

let cluster: TestCluster;
let db: pg.Client;
let addressCounter = 0;

/** A client address of its own (TEST-NET-2), so per-address limits of one part never meet another's. */
function nextAddress(): string {
  addressCounter += 1;
  return `198.51.${Math.floor(addressCounter / 250)}.${(addressCounter % 250) + 1}`;
}

/** One browser: its address, its cookies. */
class Client {
  readonly cookies = new Map<string, string>();
  constructor(readonly address = nextAddress()) {}

  async call(method: string, route: string, body?: unknown, headers: Record<string, string> = {}) {
    const started = performance.now();
    const response = await fetch(cluster.gatewayUrl + route, {
      method,
      headers: {
        'x-forwarded-for': this.address,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookies.size > 0
          ? { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') }
          : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const [name = '', ...value] = pair.split('=');
      if (value.join('=') === '') this.cookies.delete(name.trim());
      else this.cookies.set(name.trim(), value.join('='));
    }
    const text = await response.text();
    return {
      status: response.status,
      ms: performance.now() - started,
      retryAfter: response.headers.get('retry-after'),
      text,
      body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
    };
  }
}

interface Account {
  client: Client;
  id: string;
  username: string;
  email: string;
  password: string;
}

async function register(name: string, client = new Client()): Promise<Account> {
  const username = `${name}_${randomBytes(3).toString('hex')}`;
  const account = {
    client,
    id: '',
    username,
    email: `${username}@example.com`,
    password: `pw-${randomBytes(9).toString('base64url')}`,
  };
  const res = await client.call('POST', '/api/auth/register', {
    username,
    email: account.email,
    phone: '9876543210',
    password: account.password,
  });
  expect(res.status, res.text).toBe(201);
  account.id = String(res.body.id);
  return account;
}

/** The token of the newest mailed link to `page` for `email`. */
async function mailedToken(email: string, page: TokenPage): Promise<string> {
  let token: string | undefined;
  await waitUntil(
    `a ${page} mail to ${email}`,
    () => {
      const mail = cluster.inbox.findLast((raw) => raw.includes(email) && findLinkToken(raw, page));
      token = mail ? findLinkToken(mail, page) : undefined;
      return token !== undefined;
    },
    30_000,
  );
  return token!;
}

async function storedHash(userId: string): Promise<string> {
  const { rows } = await db.query<{ password_hash: string }>(
    'select password_hash from identity.users where id = $1',
    [userId],
  );
  return rows[0]!.password_hash;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

describe('abuse limits and secrets', () => {
  beforeAll(async () => {
    cluster = await startTestCluster({
      replicas: { identity: 2 },
      env: { LOG_LEVEL: 'debug', ACCESS_LOG: 'all', TRUST_PROXY: 'loopback' },
    });
    db = new pg.Client({ connectionString: cluster.databaseUrl });
    await db.connect();
  }, 240_000);
  afterAll(async () => {
    await db?.end();
    await cluster?.close();
  }, 60_000);

  it('refuses the 101st failed sign-in for one account within an hour, from any address and replica, right password or not', async () => {
    const before = cluster.output().length;
    const victim = await register('victim');
    // Every guess from an address of its own: per-address limits never apply, only the account's.
    const guess = (password: string) =>
      new Client().call('POST', '/api/auth/login', { identifier: victim.email, password });
    const statuses: number[] = [];
    for (let batch = 0; batch < ACCOUNT_FAILURES_PER_HOUR / 10; batch += 1) {
      const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => guess(`wrong-${batch}-${i}`)));
      statuses.push(...answers.map((answer) => answer.status));
    }
    expect(statuses.filter((status) => status === 401)).toHaveLength(ACCOUNT_FAILURES_PER_HOUR);

    const rightPassword = await guess(victim.password);
    const wrongPassword = await guess('wrong-again');
    expect(rightPassword.status).toBe(429);
    expect(wrongPassword.status).toBe(429);
    // The same words either way: the refusal says nothing about the password.
    expect(rightPassword.body).toEqual(wrongPassword.body);
    expect(typeof rightPassword.body.message).toBe('string');
    // Counted for the hour: the wait is most of it.
    const retryAfter = Number(rightPassword.retryAfter);
    expect(retryAfter).toBeGreaterThan(3_000);
    expect(retryAfter).toBeLessThanOrEqual(3_600);

    // The gateway spread the guesses over both replicas: the count lives in Redis, not in either.
    const loginsBy = (replica: string) =>
      cluster
        .output()
        .slice(before)
        .split('\n')
        .filter((line) => line.startsWith(`${replica} `) && line.includes('"route":"/api/auth/login"'))
        .length;
    const perReplica = [loginsBy('identity-1'), loginsBy('identity-2')];
    expect(Math.min(...perReplica)).toBeGreaterThan(20);

    recordFigures('Abuse and secrets', 'Failed sign-ins per account', {
      'failed sign-ins answered 401': statuses.filter((status) => status === 401).length,
      'client addresses': statuses.length + 2,
      'sign-ins answered by identity-1 / identity-2': perReplica.join(' / '),
      '101st (right password)': rightPassword.status,
      '102nd (wrong password)': wrongPassword.status,
      'retry-after seconds': retryAfter,
    });
  }, 120_000);

  it('limits register and forgot-password per client address at the gateway', async () => {
    const attacker = new Client();
    const registrations: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT_PER_MINUTE; i += 1) {
      const username = `flood_${randomBytes(4).toString('hex')}`;
      const res = await attacker.call('POST', '/api/auth/register', {
        username,
        email: `${username}@example.com`,
        phone: '9876543210',
        password: 'flood-password-1',
      });
      registrations.push(res.status);
      if (res.status === 429) expect(typeof res.body.message).toBe('string');
    }
    expect(registrations.slice(0, AUTH_LIMIT_PER_MINUTE).every((status) => status === 201)).toBe(true);
    expect(registrations.at(-1)).toBe(429);

    const resets: number[] = [];
    for (let i = 0; i <= AUTH_LIMIT_PER_MINUTE; i += 1) {
      const res = await attacker.call('POST', '/api/auth/forgot-password', {
        email: `someone-${i}@example.com`,
      });
      resets.push(res.status);
    }
    expect(resets.slice(0, AUTH_LIMIT_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(resets.at(-1)).toBe(429);
    // Another address is not affected.
    const other = await new Client().call('POST', '/api/auth/forgot-password', { email: 'x@example.com' });
    expect(other.status).toBe(200);

    recordFigures('Abuse and secrets', 'Register and forgot-password per address', {
      'registrations allowed per address': registrations.filter((status) => status === 201).length,
      'reset requests allowed per address': resets.filter((status) => status === 200).length,
      'next one': registrations.at(-1)!,
      'another address': other.status,
    });
  }, 120_000);

  it('answers forgot-password the same for known and unknown addresses, in similar time', async () => {
    const tries = 20;
    const known = await Promise.all(Array.from({ length: tries }, (_, i) => register(`known${i}`)));
    const unknown = Array.from(
      { length: tries },
      (_, i) => `nobody-${i}-${randomBytes(3).toString('hex')}@example.com`,
    );
    const times = { known: [] as number[], unknown: [] as number[] };
    const answers = new Set<string>();
    // In pairs, each request from an address of its own, the order alternating: both kinds see the
    // same machine load, and neither always follows the other's after-work (the outbox relay).
    const differences: number[] = [];
    for (let i = 0; i < tries; i += 1) {
      const pair: [kind: 'known' | 'unknown', email: string][] = [
        ['known', known[i]!.email],
        ['unknown', unknown[i]!],
      ];
      if (i % 2 === 1) pair.reverse();
      for (const [kind, email] of pair) {
        const res = await new Client().call('POST', '/api/auth/forgot-password', { email });
        answers.add(`${res.status} ${res.text}`);
        times[kind].push(res.ms);
      }
      differences.push(times.known[i]! - times.unknown[i]!);
    }
    expect([...answers]).toHaveLength(1);
    const medianKnown = median(times.known);
    const medianUnknown = median(times.unknown);
    const medianDifference = median(differences);
    // The same work either way (a token made, sealed, one transaction); only the outbox row
    // differs. A password hash or a skipped query for one kind would show as a steady difference.
    expect(Math.abs(medianDifference)).toBeLessThan(Math.max(20, 0.5 * Math.min(medianKnown, medianUnknown)));

    recordFigures('Abuse and secrets', 'Forgot-password: known vs unknown address', {
      tries: tries * 2,
      'distinct answers': answers.size,
      'median ms, known': Math.round(medianKnown * 10) / 10,
      'median ms, unknown': Math.round(medianUnknown * 10) / 10,
      'median paired difference ms': Math.round(medianDifference * 10) / 10,
    });
  }, 120_000);

  it('keeps no secret, token, cookie or hash in any log of a full run, and stores argon2id hashes', async () => {
    const before = cluster.output().length;
    const alice = await register('alice');
    const bob = await register('bob');
    const secrets: Record<string, string> = {
      'first password': alice.password,
      'other password': bob.password,
    };
    const remember = (name: string, value: string | undefined) => {
      expect(value, name).toBeTruthy();
      secrets[name] = value!;
    };

    // Verify the address from the mailed link.
    const verifyToken = await mailedToken(alice.email, '/verify-email');
    remember('verification token', verifyToken);
    expect((await alice.client.call('POST', '/api/auth/verify-email', { token: verifyToken })).status).toBe(
      200,
    );

    // A typo first (a refused attempt is logged at debug, with its reason), then the right one;
    // the session used as a browser would (and once as a Bearer header).
    const typo = `${alice.password}!`;
    remember('mistyped password', typo);
    expect(
      (await alice.client.call('POST', '/api/auth/login', { identifier: alice.email, password: typo }))
        .status,
    ).toBe(401);
    const signIn = await alice.client.call('POST', '/api/auth/login', {
      identifier: alice.username,
      password: alice.password,
    });
    expect(signIn.status).toBe(200);
    remember('access token', alice.client.cookies.get(ACCESS_COOKIE));
    remember('refresh token', alice.client.cookies.get(REFRESH_COOKIE));
    remember('first hash', await storedHash(alice.id));
    expect((await alice.client.call('GET', '/api/auth/session')).status).toBe(200);
    await alice.client.call('GET', '/api/auth/user', undefined, {
      authorization: `Bearer ${secrets['access token']}`,
    });
    const profile = await alice.client.call('POST', '/api/profile', {
      displayName: 'Alice',
      bio: 'Runs at dawn',
    });
    expect(profile.status).toBeLessThan(300);
    const post = await alice.client.call('POST', '/api/posts', { content: 'Morning run?', ...DELHI });
    expect(post.status).toBe(201);
    const conversation = await alice.client.call('POST', '/api/conversations', { participantId: bob.id });
    expect(conversation.status).toBe(200);
    const message = await alice.client.call('POST', '/api/messages', {
      conversationId: conversation.body.id,
      content: 'Join me at Lodhi Garden?',
    });
    expect(message.status).toBe(201);

    // Forgot and reset the password: the link is opened (validated), then used.
    const forgot = await alice.client.call('POST', '/api/auth/forgot-password', { email: alice.email });
    expect(forgot.status).toBe(200);
    const resetToken = await mailedToken(alice.email, '/reset-password');
    remember('reset token', resetToken);
    const validate = await alice.client.call(
      'GET',
      `/api/auth/validate-reset-token/${encodeURIComponent(resetToken)}`,
    );
    expect(validate.status).toBe(200);
    const newPassword = `new-${randomBytes(9).toString('base64url')}`;
    remember('new password', newPassword);
    const reset = await alice.client.call('POST', '/api/auth/reset-password', {
      token: resetToken,
      password: newPassword,
      confirmPassword: newPassword,
    });
    expect(reset.status).toBe(200);
    const again = await new Client().call('POST', '/api/auth/login', {
      identifier: alice.email,
      password: newPassword,
    });
    expect(again.status).toBe(200);
    remember('reset hash', await storedHash(alice.id));
    remember('bob hash', await storedHash(bob.id));

    // argon2id, at least the configured cost, for every stored hash.
    const costs = ['first hash', 'reset hash', 'bob hash'].map((name) => {
      const match = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$/.exec(secrets[name]!);
      expect(match, name).not.toBeNull();
      const [m, t, p] = match!.slice(1).map(Number) as [number, number, number];
      expect(m).toBeGreaterThanOrEqual(ARGON2_MIN.m);
      expect(t).toBeGreaterThanOrEqual(ARGON2_MIN.t);
      expect(p).toBeGreaterThanOrEqual(ARGON2_MIN.p);
      return { m, t, p };
    });

    // Let the events of the run reach their consumers (and their log lines) before reading the logs.
    await waitUntil(
      'every outbox to be dispatched',
      async () => {
        const counts = SCHEMAS.map(
          (schema) => `(select count(*) from ${schema}.outbox where dispatched_at is null)`,
        );
        const { rows } = await db.query<{ n: number }>(`select (${counts.join(' + ')})::int as n`);
        return rows[0]?.n === 0;
      },
      30_000,
    );
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    const logs = cluster.output().slice(before);
    const leaks = Object.entries(secrets)
      .filter(([, value]) => logs.includes(value) || logs.includes(encodeURIComponent(value)))
      .map(([name]) => name);
    // Header values: only ever "[Redacted]".
    const headerLines = logs
      .split('\n')
      .filter((line) => /"(cookie|authorization|set-cookie)":\s*"(?!\[Redacted\])/i.test(line));
    const keys = logs.includes('PRIVATE KEY');
    // These are the run's logs, debug lines included, naming the person: the search had something to search.
    expect(logs).toContain(alice.id);
    expect(logs).toMatch(/"level":20/);
    expect(leaks).toEqual([]);
    expect(headerLines).toEqual([]);
    expect(keys).toBe(false);

    recordFigures('Abuse and secrets', 'Secrets in logs and stored hashes', {
      'log lines scanned (debug)': logs.split('\n').length,
      'secrets looked for': Object.keys(secrets).length,
      'secrets found': leaks.length,
      'header values not redacted': headerLines.length,
      'argon2id m (KiB)': costs[0]!.m,
      'argon2id t': costs[0]!.t,
      'argon2id p': costs[0]!.p,
    });
  }, 180_000);
});
