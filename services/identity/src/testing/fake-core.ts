import { randomUUID } from 'node:crypto';
import { createMemoryRateLimiter } from '@saathi/platform';
import type { AuthUser, RateRule } from '@saathi/platform';
import { buildTestUser, fake } from '@saathi/platform/testing';
import type { SignedIn } from '../auth/identity-sessions';
import type { SessionCache } from '../auth/session-cache';
import type { ProfileRow, SessionRow, UserRow } from '../db/schema';
import type { Argon2Cost } from '../domain/password-hashing';
import { AttemptLimits } from '../use-cases/rate-limit';
import type { LimitName } from '../use-cases/rate-limit';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): the platform's (a fake repository, unit
 * of work, a route's and an event's input, `outcomeOf`) and identity's rows, limits and caches.
 */
export {
  consumed,
  fake,
  fakeMeta as meta,
  fakeTx,
  fakeUnitOfWork,
  outcomeOf,
  routeInput,
  type Emitted,
} from '@saathi/platform/testing';

export const NOW = new Date('2026-06-01T12:00:00.000Z');
export const fakeClock = (at = NOW) => ({ now: () => at });

/** The cheapest argon2 the hashing accepts, so a test hashes in a few milliseconds. */
export const cheapArgon2: Argon2Cost = { memoryCost: 1024, timeCost: 1, parallelism: 1 };

/** A signed-in person, as the access check hands a route's use case. */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'member');

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
