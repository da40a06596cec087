import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ACCESS_COOKIE, QueueName } from '@saathi/contracts';
import type { BlogPost, CreateBlogPostInput, EventData, EventDefinition } from '@saathi/contracts';
import {
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  generateKeyPair,
  loadConfig,
  makeEnvelope,
  queryRows,
  signAccessToken,
  startService,
  startWorker,
} from '@saathi/platform';
import type { App, AuthUser, EventBus, JobQueue, Mailer, ServiceDeps } from '@saathi/platform';
import { createTestDatabase, TestClock, waitFor } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import { configSchema } from '../config';
import type { Config } from '../config';
import { digestSlugOf } from '../domain/digest';
import { blogService } from '../index';

export interface TestBlog {
  app: App;
  database: TestDatabase;
  deps: ServiceDeps<Config>;
  clock: TestClock;
  queue: JobQueue;
  signIn(user: AuthUser): { cookies: Record<string, string> };
  /** Publishes an event on the blog's bus, as another service's outbox relay would. */
  publish<E extends EventDefinition>(event: E, data: EventData<E>): Promise<string>;
  /** Writes a story as an admin (fields default to a valid, published story with a fresh slug). */
  createStory(body?: Partial<CreateBlogPostInput>): Promise<BlogPost>;
  /** Queues one digest job for the week and waits for its story (a week with activity). */
  runDigest(week: string): Promise<void>;
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

let counter = 0;
export function buildUser(overrides: Partial<AuthUser> = {}): AuthUser {
  counter += 1;
  return {
    id: randomUUID(),
    username: `reader${counter}_${Math.random().toString(36).slice(2, 6)}`,
    role: 'user',
    sessionId: randomUUID(),
    ...overrides,
  };
}

export const buildAdmin = () => buildUser({ role: 'admin' });

/** A fresh, valid slug. */
export function uniqueSlug(prefix = 'story'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('the blog sends no mail')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};

/** The blog service and its worker on a fresh PostgreSQL database, the in-memory bus and queue, and a hand-moved clock. */
export async function startTestBlog(): Promise<TestBlog> {
  const database = await createTestDatabase('blog');
  const keys = generateKeyPair();
  const config = loadConfig(
    configSchema,
    { JWT_PUBLIC_KEY: keys.publicKey, LOG_LEVEL: 'silent' },
    { exit: false },
  );
  const clock = new TestClock();
  const logger = createLogger({ name: 'blog-test', level: 'silent' });
  const bus: EventBus = createMemoryBus({ logger });
  const queue: JobQueue = createMemoryQueue({ logger });
  const deps: ServiceDeps<Config> = { config, db: database.port, bus, queue, clock, logger };
  const running = await startService(blogService, deps);
  const worker = await startWorker(blogService, { ...deps, mailer: noMail });
  const signIn = (user: AuthUser) => ({
    cookies: {
      [ACCESS_COOKIE]: signAccessToken(
        keys.privateKey,
        { sub: user.id, username: user.username, role: user.role, sid: user.sessionId },
        { ttlSeconds: 600 },
      ),
    },
  });
  const admin = buildAdmin();
  let digestRuns = 0;
  return {
    app: running.app,
    database,
    deps,
    clock,
    queue,
    signIn,
    async publish(event, data) {
      const envelope = makeEnvelope(event, data, { traceId: 'blog-test', clock });
      await bus.publish(envelope);
      return envelope.id;
    },
    async createStory(body = {}) {
      const response = await running.app.inject({
        method: 'POST',
        url: '/api/blog/admin/posts',
        ...signIn(admin),
        payload: {
          title: 'Morning runs by the lake',
          slug: uniqueSlug(),
          content: '# Hello\n\nA story about **running** together.',
          excerpt: 'Why running with a partner helps.',
          ...body,
        },
      });
      if (response.statusCode !== 201)
        throw new Error(`create answered ${response.statusCode}: ${response.body}`);
      return response.json<BlogPost>();
    },
    async runDigest(week) {
      digestRuns += 1;
      await queue.add(QueueName.blogDigest, { week }, { jobId: `test-digest-${digestRuns}` });
      await waitFor(
        async () =>
          (
            await queryRows(
              database.port.db,
              sql`select 1 from blog.posts where slug = ${digestSlugOf(week)}`,
            )
          ).length > 0,
        10_000,
        'the digest job',
      );
    },
    rows: (query) => queryRows(database.port.db, query),
    async close() {
      await worker.stop();
      await running.stop();
      await running.app.close();
      await bus.close();
      await queue.close();
      await database.drop();
    },
  };
}
