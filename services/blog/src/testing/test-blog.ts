import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { QueueName } from '@saathi/contracts';
import type { BlogPost, CreateBlogPostInput, EventData, EventDefinition } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { App, AuthUser, JobQueue, ServiceDeps } from '@saathi/platform';
import { buildTestUser, startTestService, waitFor } from '@saathi/platform/testing';
import type { TestClock, TestDatabase } from '@saathi/platform/testing';
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
export const buildUser = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'reader');

export const buildAdmin = () => buildUser({ role: 'admin' });

/** A fresh, valid slug. */
export function uniqueSlug(prefix = 'story'): string {
  counter += 1;
  return `${prefix}-${counter}-${Math.random().toString(36).slice(2, 8)}`;
}

/** The blog service and its worker on a fresh PostgreSQL database, the in-memory bus and queue, and a hand-moved clock. */
export async function startTestBlog(): Promise<TestBlog> {
  const blog = await startTestService(blogService, { worker: {} });
  const { app, database, clock, queue, signIn } = blog;
  const admin = buildAdmin();
  let digestRuns = 0;
  return {
    app,
    database,
    deps: blog.deps,
    clock,
    queue,
    signIn,
    publish: async (event, data) => (await blog.publish(event, data)).id,
    async createStory(body = {}) {
      const response = await app.inject({
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
    rows: blog.rows,
    close: blog.close,
  };
}
