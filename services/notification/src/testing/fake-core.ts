import type {
  AppNotification,
  EventData,
  EventDefinition,
  EventEnvelope,
  QueueName,
} from '@saathi/contracts';
import { createLogger, createMemoryRateLimiter } from '@saathi/platform';
import type {
  AddJobOptions,
  AuthUser,
  ConsumedEvent,
  Db,
  Emit,
  ErasedPeople,
  JobQueue,
  RequestMeta,
  UnitOfWork,
} from '@saathi/platform';
import { buildTestUser } from '@saathi/platform/testing';
import type { BlocksRepository } from '../db/blocks-repository';
import type { Activity, NotificationsRepository } from '../db/notifications-repository';
import type { UsersRepository } from '../db/users-repository';
import type { NotificationCore } from '../use-cases/notification-core';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): a use case takes a `Pick` of the core,
 * so its test fakes only that — no database, no bus, a few milliseconds per test.
 */

/** The transaction handle a fake unit of work or event passes: fakes' `with(tx)` return themselves. */
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
}

/** A unit of work that runs the work at once (no database) and keeps what it emitted, if it committed. */
export function fakeUnitOfWork(): UnitOfWork & { emitted: Emitted[] } {
  const emitted: Emitted[] = [];
  return {
    emitted,
    async withEvents(work) {
      const pending: Emitted[] = [];
      const emit: Emit = (event, data) => {
        pending.push({ type: event.type, data });
      };
      const result = await work(fakeTx, emit, (fn) => fn());
      emitted.push(...pending);
      return result;
    },
    wakeRelay: () => undefined,
  };
}

export const fakeClock = (at = new Date('2026-06-01T12:00:00.000Z')) => ({ now: () => at });

/** A job as a use case handed it to the queue. */
export interface QueuedJob {
  queue: QueueName;
  data: unknown;
  options: AddJobOptions | undefined;
}

/** A queue that only remembers what was added (`added`); nothing runs. */
export function fakeQueue(): JobQueue & { added: QueuedJob[] } {
  const added: QueuedJob[] = [];
  return {
    kind: 'memory',
    added,
    add: (queue, data, options) => {
      added.push({ queue, data, options });
      return Promise.resolve();
    },
    process: () => Promise.resolve(),
    ping: () => Promise.resolve(),
    counts: () => Promise.resolve({ waiting: 0, active: 0, delayed: 0, failed: 0 }),
    close: () => Promise.resolve(),
  };
}

export const silentLogger = createLogger({ name: 'use-case-test', level: 'silent' });

/** The settings the use cases read, as the service's defaults (config.ts) set them. */
export const testConfig: NotificationCore['config'] = {
  PUBLIC_ORIGIN: 'https://saathi.example',
  EMAIL_MAX_ATTEMPTS: 10,
  EMAIL_RETRY_BACKOFF_MS: 5_000,
  FEEDBACK_PER_HOUR: 10,
  MESSAGE_MAIL_COOLDOWN_MS: 60 * 60 * 1000,
  ACTIVITY_MAIL_DELAY_MS: 10 * 60 * 1000,
  ACTIVITY_MAIL_COOLDOWN_MS: 60 * 60 * 1000,
  READ_NOTIFICATION_RETENTION_DAYS: 90,
  VAPID_PUBLIC_KEY: 'BPublicKeyOfTheTests',
  PUSH_ENDPOINT_HOSTS: ['fcm.googleapis.com', 'updates.push.services.mozilla.com'],
  PUSH_ALLOW_LOCAL_ENDPOINTS: false,
  PUSH_MAX_ATTEMPTS: 5,
  PUSH_RETRY_BACKOFF_MS: 2_000,
  PUSH_GROUP_MS: 60_000,
};

/** A signed-in person. */
export const member = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'member');
export const admin = () => member({ role: 'admin' });

export const meta: RequestMeta = { traceId: 'trace-1', ip: '127.0.0.1' };

/** A route use case's input. */
export function routeInput<B = undefined, Q = undefined, P = undefined, U extends AuthUser | null = AuthUser>(
  user: U,
  parts: { body?: B; query?: Q; params?: P } = {},
): { user: U; body: B; query: Q; params: P; meta: RequestMeta } {
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
    data,
    envelope,
    occurredAt,
    tx: fakeTx,
    emit: (type, payload) => emitted.push({ type: type.type, data: payload }),
    emitted,
  };
}

/** The rate limiter part of the core: a real in-memory one. */
export const rateLimiter = () => createMemoryRateLimiter();

/**
 * The parts every notice takes (`notify`): a users projection that names whom it is given, a
 * notifications repository that records each activity (`recorded`) and answers with a
 * notification (none when `unchanged` says so), the blocked pairs and the erased ids.
 */
export function noticeParts(
  options: {
    names?: Record<string, string>;
    blocked?: readonly (readonly [string, string])[];
    erased?: readonly string[];
    /** `record` changes nothing (a repeat that does not bump): it answers null. */
    unchanged?: boolean;
  } = {},
) {
  const recorded: Activity[] = [];
  const isBlocked = (a: string, b: string) =>
    (options.blocked ?? []).some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  const users = fake<UsersRepository>({
    find: (userId: string) => {
      const name = options.names?.[userId];
      return Promise.resolve(name === undefined ? undefined : { name, verifiedEmail: null });
    },
  });
  const notifications = fake<NotificationsRepository>({
    record: (activity: Activity) => {
      recorded.push(activity);
      if (options.unchanged) return Promise.resolve(null);
      return Promise.resolve({
        id: `notification-${recorded.length}`,
        type: activity.type,
        actorName: activity.actorName,
        recipientId: activity.recipientId,
      } as unknown as AppNotification);
    },
  });
  const blocks = fake<BlocksRepository>({
    blockedEitherWay: (a: string, b: string) => Promise.resolve(isBlocked(a, b)),
    blockedAmong: (userId: string, others: readonly string[]) =>
      Promise.resolve(new Set(others.filter((other) => other !== userId && isBlocked(userId, other)))),
  });
  const erased = fake<ErasedPeople>({
    erasedAmong: (ids: readonly string[]) =>
      Promise.resolve(new Set(ids.filter((id) => (options.erased ?? []).includes(id)))),
  });
  return { users, notifications, blocks, erased, recorded };
}
