import type { EventData, EventDefinition, EventEnvelope, JobData, QueueName } from '@saathi/contracts';
import type { AddJobOptions, AuthUser, ConsumedEvent, Db, JobQueue, RequestMeta } from '@saathi/platform';
import { buildTestUser } from '@saathi/platform/testing';
import type { BlogPostRow } from '../db/schema';

/**
 * Fakes for the use-case tests (`use-cases/*.test.ts`): a use case takes a `Pick` of the core,
 * so its test fakes only that — no database, a few milliseconds per test.
 */

/** The transaction handle a consumer's use case receives: fakes' `with(tx)` return themselves. */
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

export const fakeClock = (at = new Date('2026-06-03T12:00:00.000Z')) => ({ now: () => at });

/** A queue that keeps what was added, in order. */
export function fakeQueue(): JobQueue & {
  added: { queue: QueueName; data: unknown; options: AddJobOptions | undefined }[];
} {
  const added: { queue: QueueName; data: unknown; options: AddJobOptions | undefined }[] = [];
  return fake<JobQueue & { added: typeof added }>({
    added,
    add: <N extends QueueName>(queue: N, data: JobData<N>, options?: AddJobOptions) => {
      added.push({ queue, data, options });
      return Promise.resolve();
    },
  });
}

export const admin = (): AuthUser => buildTestUser({ role: 'admin' }, 'admin');

export const meta: RequestMeta = { traceId: 'trace-1', ip: '127.0.0.1' };

/** A route use case's input. */
export function routeInput<B = undefined, Q = undefined, P = undefined, U extends AuthUser | null = AuthUser>(
  user: U,
  parts: { body?: B; query?: Q; params?: P } = {},
): { user: U; body: B; query: Q; params: P; meta: RequestMeta } {
  return { user, body: parts.body as B, query: parts.query as Q, params: parts.params as P, meta };
}

/** An event use case's input. */
export function consumed<E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  occurredAt = new Date('2026-06-03T11:00:00.000Z'),
): ConsumedEvent<E> {
  const envelope = {
    id: '00000000-0000-4000-8000-000000000001',
    type: event.type,
    version: event.version,
    occurredAt: occurredAt.toISOString(),
    data,
    traceId: 'trace-2',
  } as EventEnvelope<EventData<E>>;
  return { data, envelope, occurredAt, tx: fakeTx, emit: () => undefined };
}

/** A stored story as the repository returns it. */
export function storyRow(overrides: Partial<BlogPostRow> = {}): BlogPostRow {
  return {
    id: '00000000-0000-4000-8000-0000000000aa',
    title: 'Chai walks',
    slug: 'chai-walks',
    content: 'We walked.',
    excerpt: 'A walk.',
    tags: ['walks'],
    metaTitle: null,
    metaDescription: null,
    featured: false,
    published: true,
    viewCount: 3,
    wordCount: 2,
    authorId: '00000000-0000-4000-8000-0000000000bb',
    createdAt: new Date('2026-05-01T08:00:00.000Z'),
    updatedAt: new Date('2026-05-02T08:00:00.000Z'),
    ...overrides,
  };
}
