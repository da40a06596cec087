import type { EventData, EventDefinition, EventEnvelope, JobData, QueueName } from '@saathi/contracts';
import type { Db } from '../ports';
import type { AddJobOptions, JobQueue } from '../ports';
import type { AuthUser } from '../auth/tokens';
import { createLogger } from '../logging/create-logger';
import type { ConsumedEvent, RequestMeta } from '../service/entries';
import { Outcome } from '../service/outcomes';
import type { Emit, UnitOfWork } from '../service/unit-of-work';

/**
 * What every service's use-case tests (`use-cases/*.test.ts`) fake: a use case takes a `Pick` of
 * its core, so a test gives only that — no database, a few milliseconds a test. A service's own
 * `testing/fake-core.ts` adds its rows and settings on top of these.
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

/** An emitted event, as `{ type, data }` and the trace it would carry. */
export interface Emitted {
  type: string;
  data: unknown;
  traceId?: string;
}

/**
 * A unit of work that runs the work at once (no database). What it emitted is kept only if the
 * work returned (`emitted`); `afterCommit` callbacks run then, counted in `afterCommits`; relay
 * wake-ups are counted in `wakes`.
 */
export function fakeUnitOfWork(): UnitOfWork & { emitted: Emitted[]; afterCommits: number; wakes: number } {
  const emitted: Emitted[] = [];
  const uow = {
    emitted,
    afterCommits: 0,
    wakes: 0,
    async withEvents<T>(
      work: (tx: Db, emit: Emit, afterCommit: (fn: () => void) => void) => Promise<T>,
      options?: { traceId?: string },
    ): Promise<T> {
      const pending: Emitted[] = [];
      const callbacks: (() => void)[] = [];
      const emit: Emit = (event, data, given) => {
        pending.push({ type: event.type, data, traceId: given?.traceId ?? options?.traceId });
      };
      const result = await work(fakeTx, emit, (fn) => callbacks.push(fn));
      emitted.push(...pending);
      for (const callback of callbacks) {
        uow.afterCommits += 1;
        callback();
      }
      return result;
    },
    wakeRelay: () => {
      uow.wakes += 1;
    },
  };
  return uow;
}

/** A clock stopped at `at`. */
export const fakeClock = (at = new Date('2026-06-01T12:00:00.000Z')) => ({ now: () => at });

/** A job added to a fake queue. */
export interface QueuedJob {
  queue: QueueName;
  data: unknown;
  options: AddJobOptions | undefined;
}

/** A queue that keeps what was added, in order (`added`). */
export function fakeQueue(): JobQueue & { added: QueuedJob[] } {
  const added: QueuedJob[] = [];
  return fake<JobQueue & { added: QueuedJob[] }>({
    added,
    add: <N extends QueueName>(queue: N, data: JobData<N>, options?: AddJobOptions) => {
      added.push({ queue, data, options });
      return Promise.resolve();
    },
  });
}

export const fakeMeta: RequestMeta = {
  traceId: 'trace-1',
  ip: '127.0.0.1',
  log: createLogger({ name: 'use-case-test', level: 'silent' }),
};

/** A route use case's input. */
export function routeInput<B = undefined, Q = undefined, P = undefined, U extends AuthUser | null = AuthUser>(
  user: U,
  parts: { body?: B; query?: Q; params?: P } = {},
): { user: U; body: B; query: Q; params: P; meta: RequestMeta } {
  return { user, body: parts.body as B, query: parts.query as Q, params: parts.params as P, meta: fakeMeta };
}

/** An event's envelope, as a consumer or a broadcast receives it. */
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

/**
 * An event use case's input; what it emits is kept in `emitted`, what it leaves for after the
 * commit in `afterCommits` (a test calls them to play the commit).
 */
export function consumed<E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  occurredAt = new Date('2026-06-01T11:00:00.000Z'),
): ConsumedEvent<E> & { emitted: Emitted[]; afterCommits: (() => void)[] } {
  const emitted: Emitted[] = [];
  const afterCommits: (() => void)[] = [];
  return {
    data,
    envelope: envelopeOf(event, data, occurredAt),
    occurredAt,
    tx: fakeTx,
    emit: (type, payload) => emitted.push({ type: type.type, data: payload }),
    afterCommit: (fn) => afterCommits.push(fn),
    emitted,
    afterCommits,
  };
}

/** The outcome a use case ended with; fails the test when it ended otherwise. */
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
