import { randomUUID } from 'node:crypto';
import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import { createMemoryRateLimiter, Outcome } from '@saathi/platform';
import type { AuthUser, ConsumedEvent, Db, Emit, RateRule, UnitOfWork } from '@saathi/platform';
import { buildTestUser } from '@saathi/platform/testing';
import type { SignedIn } from '../auth/identity-sessions';
import type { SessionCache } from '../auth/session-cache';
import type { ProfileRow, SessionRow, UserRow } from '../db/schema';
import type { Argon2Cost } from '../domain/password-hashing';
import type { RequestMeta } from '../use-cases/identity-core';
import { AttemptLimits } from '../use-cases/rate-limit';
import type { LimitName } from '../use-cases/rate-limit';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): a use case takes a `Pick` of the core,
 * so its test fakes only that — no database, a few milliseconds per test.
 */

/** The transaction handle a fake unit of work passes: fakes' `with(tx)` return themselves. */
export const fakeTx = { fake: 'tx' } as unknown as Db;

/**
 * A repository (or any port) whose methods the test gives; `with(tx)` returns the same fake, and
 * calling a method it was not given fails the test with that method's name.
 */
export function fake<T extends object>(methods: Partial<Record<keyof T, unknown>> = {}): T {
  const target = methods as Record<string | symbol, unknown>;
  const proxy: T = new Proxy(target, {
    get(own, name) {
      if (name === 'with') return () => proxy;
      if (name === 'then') return undefined;
      if (name in own) return own[name];
      throw new Error(`the fake has no ${String(name)}`);
    },
  }) as T;
  return proxy;
}

/** Emitted events, in order, as `{ type, data }`. */
export interface Emitted {
  type: string;
  data: unknown;
  traceId?: string;
}

/**
 * A unit of work that runs the work at once (no database), keeps what it emitted if it
 * committed, and counts the `afterCommit` callbacks it ran (`committed`).
 */
export function fakeUnitOfWork(): UnitOfWork & { emitted: Emitted[]; afterCommits: number } {
  const state = { emitted: [] as Emitted[], afterCommits: 0 };
  return {
    get emitted() {
      return state.emitted;
    },
    get afterCommits() {
      return state.afterCommits;
    },
    async withEvents(work, options) {
      const pending: Emitted[] = [];
      const callbacks: (() => void)[] = [];
      const emit: Emit = (event, data, given) => {
        pending.push({ type: event.type, data, traceId: given?.traceId ?? options?.traceId });
      };
      const result = await work(fakeTx, emit, (fn) => callbacks.push(fn));
      state.emitted.push(...pending);
      for (const callback of callbacks) {
        state.afterCommits += 1;
        callback();
      }
      return result;
    },
    wakeRelay: () => undefined,
  };
}

export const NOW = new Date('2026-06-01T12:00:00.000Z');
export const fakeClock = (at = NOW) => ({ now: () => at });

/** The cheapest argon2 the hashing accepts, so a test hashes in a few milliseconds. */
export const cheapArgon2: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A signed-in person, as the access check hands a route's use case. */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'member');

export const meta: RequestMeta = { traceId: 'trace-1', ip: '127.0.0.1' };

/** A route use case's input. */
export function routeInput<B = undefined, Q = undefined, P = undefined, U extends AuthUser | null = AuthUser>(
  user: U,
  parts: { body?: B; query?: Q; params?: P } = {},
): { user: U; body: B; query: Q; params: P; meta: RequestMeta } {
  return { user, body: parts.body as B, query: parts.query as Q, params: parts.params as P, meta };
}

/** An account row as the users repository returns it. */
export function userRow(overrides: Partial<UserRow> = {}): UserRow {
  const id = overrides.id ?? randomUUID();
  return {
    id,
    username: `user_${id.slice(0, 8)}`,
    email: `${id.slice(0, 8)}@example.com`,
    phone: null,
    passwordHash: null,
    firstName: null,
    lastName: null,
    profileImageUrl: null,
    googleId: null,
    role: 'user',
    emailVerifiedAt: null,
    suspendedAt: null,
    reinstatedAt: null,
    createdAt: new Date('2026-01-01T00:00:00.000Z'),
    updatedAt: new Date('2026-01-01T00:00:00.000Z'),
    ...overrides,
  };
}

export function sessionRow(overrides: Partial<SessionRow> = {}): SessionRow {
  return {
    sid: randomUUID(),
    userId: randomUUID(),
    refreshHash: 'hash',
    previousRefreshHash: null,
    rotatedAt: null,
    expire: new Date(NOW.getTime() + 86_400_000),
    createdAt: NOW,
    lastUsedAt: NOW,
    revokedAt: null,
    revokedReason: null,
    userAgent: null,
    ...overrides,
  };
}

export function profileRow(overrides: Partial<ProfileRow> = {}): ProfileRow {
  return {
    id: randomUUID(),
    userId: randomUUID(),
    displayName: null,
    bio: null,
    profileImageUrl: null,
    interests: [],
    createdAt: NOW,
    updatedAt: NOW,
    ...overrides,
  };
}

/** The signed-in lookup for one account: `input.user` is the AuthUser of `row`. */
export function signedInAs(row: UserRow, sessionId = randomUUID()): { user: AuthUser; signedIn: SignedIn } {
  const user: AuthUser = { id: row.id, username: row.username, role: row.role, sessionId };
  return {
    user,
    signedIn: {
      of: (asked) => {
        if (asked !== user) throw new Error('asked for another user');
        return { user: row, sessionId };
      },
    },
  };
}

/** Real attempt limits on an in-memory limiter: each rule `limit` attempts per minute (default 1000). */
export function limits(overrides: Partial<Record<LimitName, RateRule>> = {}): AttemptLimits {
  const rule = { limit: 1000, windowMs: 60_000 };
  const names: LimitName[] = [
    'loginPerIp',
    'loginPerAccount',
    'loginPerAccountIp',
    'loginCountedPerAccountIp',
    'loginPerDevice',
    'registerPerIp',
    'forgotPerIp',
    'forgotPerEmail',
    'verifyEmailPerAccount',
    'uploadsPerUser',
  ];
  const rules = Object.fromEntries(names.map((name) => [name, overrides[name] ?? rule])) as Record<
    LimitName,
    RateRule
  >;
  return new AttemptLimits(createMemoryRateLimiter(), rules);
}

/** A session cache that only counts its clears (`cleared`). */
export function fakeSessionCache(): SessionCache & { cleared: number } {
  const cache = { cleared: 0 };
  return fake<SessionCache & { cleared: number }>({
    get cleared() {
      return cache.cleared;
    },
    clear: () => {
      cache.cleared += 1;
    },
  });
}

/** An event use case's input, its emitted events kept in `emitted`. */
export function consumed<E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  occurredAt = new Date('2026-06-01T11:00:00.000Z'),
): ConsumedEvent<E> & { emitted: Emitted[] } {
  const emitted: Emitted[] = [];
  const envelope = {
    id: '00000000-0000-4000-8000-000000000001',
    type: event.type,
    version: event.version,
    occurredAt: occurredAt.toISOString(),
    data,
    traceId: 'trace-2',
  } as EventEnvelope<EventData<E>>;
  return {
    data,
    envelope,
    occurredAt,
    tx: fakeTx,
    emit: (type, payload) => emitted.push({ type: type.type, data: payload }),
    emitted,
  };
}

/** The outcome a use case ended with (fails the test when it did not throw one). */
export async function outcomeOf(
  work: Promise<unknown> | (() => unknown),
): Promise<Pick<Outcome, 'kind' | 'message' | 'code'>> {
  const error: unknown = await Promise.resolve()
    .then(() => (typeof work === 'function' ? work() : work))
    .then(
      () => undefined,
      (thrown: unknown) => thrown,
    );
  if (!(error instanceof Outcome)) throw new Error(`expected an outcome, got ${String(error)}`);
  return { kind: error.kind, message: error.message, code: error.code };
}
