import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import { Outcome } from '@saathi/platform';
import type { AuthUser, ConsumedEvent, Db, Emit, RequestMeta, UnitOfWork } from '@saathi/platform';
import { buildTestUser } from '@saathi/platform/testing';
import type { Pusher } from '../realtime/pusher';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): a use case takes a `Pick` of the core,
 * so its test fakes only that — no database, no sockets, a few milliseconds per test.
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
export function fakeUnitOfWork(): UnitOfWork & { emitted: Emitted[]; wakes: number } {
  const emitted: Emitted[] = [];
  const uow = {
    emitted,
    wakes: 0,
    async withEvents<T>(
      work: (tx: Db, emit: Emit, afterCommit: (fn: () => void) => void) => Promise<T>,
      options?: { traceId?: string },
    ): Promise<T> {
      const pending: Emitted[] = [];
      const emit: Emit = (event, data, given) => {
        pending.push({ type: event.type, data, traceId: given?.traceId ?? options?.traceId });
      };
      const result = await work(fakeTx, emit, (fn) => fn());
      emitted.push(...pending);
      return result;
    },
    wakeRelay: () => {
      uow.wakes += 1;
    },
  };
  return uow;
}

export const fakeClock = (at = new Date('2026-06-01T12:00:00.000Z')) => ({ now: () => at });

/** A pusher that records each push as `[kind, ...arguments]`; `online` says who is connected. */
export function fakePusher(online: readonly string[] = []): Pusher & { pushed: unknown[][] } {
  const pushed: unknown[][] = [];
  return {
    pushed,
    messageNew: (...args) => void pushed.push(['messageNew', ...args]),
    conversationUpdated: (...args) => void pushed.push(['conversationUpdated', ...args]),
    read: (...args) => void pushed.push(['read', ...args]),
    activityThreadMessage: (...args) => void pushed.push(['activityThreadMessage', ...args]),
    circleThreadMessage: (...args) => void pushed.push(['circleThreadMessage', ...args]),
    notificationNew: (...args) => void pushed.push(['notificationNew', ...args]),
    isOnline: (userId) => Promise.resolve(online.includes(userId)),
  };
}

/** A signed-in person. */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'member');

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
  return {
    data,
    envelope: envelopeOf(event, data, occurredAt),
    occurredAt,
    tx: fakeTx,
    emit: (type, payload) => emitted.push({ type: type.type, data: payload }),
    emitted,
  };
}

/** A broadcast's or consumer's envelope. */
export function envelopeOf<E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  occurredAt = new Date('2026-06-01T11:00:00.000Z'),
): EventEnvelope<EventData<E>> {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    type: event.type,
    version: event.version,
    occurredAt: occurredAt.toISOString(),
    data,
    traceId: 'trace-2',
  };
}

/** The outcome a use case ended with (fails the test when it did not throw one). */
export async function outcomeOf(work: Promise<unknown>): Promise<Pick<Outcome, 'kind' | 'message' | 'code'>> {
  const error: unknown = await work.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Outcome)) throw new Error(`expected an outcome, got ${String(error)}`);
  return { kind: error.kind, message: error.message, code: error.code };
}
