import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import { createMemoryRateLimiter } from '@saathi/platform';
import type { AuthUser, ConsumedEvent, Db, Emit, RequestMeta, UnitOfWork } from '@saathi/platform';
import { buildTestUser } from '@saathi/platform/testing';
import type { ModerationCore } from '../use-cases/moderation-core';

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

/** A unit of work that runs the work at once (no database) and keeps what it emitted, if it committed. */
export function fakeUnitOfWork(): UnitOfWork & { emitted: Emitted[] } {
  const emitted: Emitted[] = [];
  return {
    emitted,
    async withEvents(work, options) {
      const pending: Emitted[] = [];
      const emit: Emit = (event, data, given) => {
        pending.push({ type: event.type, data, traceId: given?.traceId ?? options?.traceId });
      };
      const result = await work(fakeTx, emit, (fn) => fn());
      emitted.push(...pending);
      return result;
    },
    wakeRelay: () => undefined,
  };
}

export const fakeClock = (at = new Date('2026-06-01T12:00:00.000Z')) => ({ now: () => at });

/** A signed-in person (verified address unless told otherwise). */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser =>
  buildTestUser({ emailVerified: true, ...overrides }, 'member');
export const admin = () => member({ role: 'admin' });

export const meta: RequestMeta = { traceId: 'trace-1', ip: '127.0.0.1' };

/** A route use case's input. */
export function routeInput<B = undefined, Q = undefined, P = undefined>(
  user: AuthUser,
  parts: { body?: B; query?: Q; params?: P } = {},
): { user: AuthUser; body: B; query: Q; params: P; meta: RequestMeta } {
  return { user, body: parts.body as B, query: parts.query as Q, params: parts.params as P, meta };
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
    data: data,
    envelope: envelope,
    occurredAt,
    tx: fakeTx,
    emit: (type, payload) => emitted.push({ type: type.type, data: payload }),
    emitted,
  };
}

/** The settings part of the core, with a real in-memory rate limiter. */
export const settings = (
  overrides: Partial<Pick<ModerationCore, 'hideAfterReports' | 'reportsPerHour'>> = {},
): Pick<ModerationCore, 'hideAfterReports' | 'reportsPerHour' | 'rateLimiter'> => ({
  hideAfterReports: 3,
  reportsPerHour: 20,
  rateLimiter: createMemoryRateLimiter(),
  ...overrides,
});
