import { expect } from 'vitest';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { listPostsRoute, QueueName } from '@saathi/contracts';
import type { EventData, EventDefinition, FeedComment, FeedPost } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { App, AuthUser, Logger, ServiceDeps } from '@saathi/platform';
import { buildTestUser, startTestService, TestClock, waitFor } from '@saathi/platform/testing';
import type { TestDatabase } from '@saathi/platform/testing';
import type { Config } from '../config';
import { feedService } from '../index';

export { TestClock };

export interface TestFeed {
  app: App;
  database: TestDatabase;
  deps: ServiceDeps<Config>;
  clock: TestClock;
  /** Cookies of a signed-in user, as identity's access token would carry them. */
  signIn(user: AuthUser): { cookies: Record<string, string> };
  /** Publishes an event on the feed's bus, as another service's outbox relay would. */
  publish<E extends EventDefinition>(event: E, data: EventData<E>, occurredAt?: Date): Promise<string>;
  /** Writes a post as `user` (content and point default to a valid post in New Delhi). */
  createPost(user: AuthUser, body?: Record<string, unknown>): Promise<FeedPost>;
  /** The user comments on the post through the API (throws unless 201). */
  comment(user: AuthUser, postId: string, content?: string): Promise<FeedComment>;
  /** The feed at a point, as `user` (or signed out). */
  list(point: { latitude: number; longitude: number }, query?: string, user?: AuthUser): Promise<FeedPost[]>;
  /** Queues one post-expiry job and waits until no expired post is left. */
  runPostExpiry(): Promise<void>;
  /** Outbox rows of one event type, oldest first. */
  outbox(type: string): Promise<Record<string, unknown>[]>;
  /** Rows of a query on the feed's database. */
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  /** Waits until the query returns a row (a consumer has done its work). */
  waitForRow(query: SQL, what?: string): Promise<void>;
  close(): Promise<void>;
}

/** Connaught Place, New Delhi: on the 3-decimal grid, so snapping leaves it where it is. */
export const DELHI = { latitude: 28.632, longitude: 77.219 } as const;

/** The point `km` north (positive) or south of `point` (1° of latitude = 111.195 km). */
export function north(point: { latitude: number; longitude: number }, km: number) {
  return { latitude: point.latitude + km / 111.195, longitude: point.longitude };
}

/** A signed-in user with a fresh id and username. */
export const buildUser = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'user');

/**
 * The feed service and its worker on a fresh PostgreSQL database, with the in-memory bus and
 * queue and a hand-moved clock, logging nowhere unless given a logger. The feed cache is off
 * unless `env` turns it on, so tests see the database's answer.
 */
export async function startTestFeed(
  env: Record<string, string> = {},
  options: { logger?: Logger } = {},
): Promise<TestFeed> {
  const feed = await startTestService(feedService, {
    ...options,
    env: {
      FEED_CACHE_MS: '0',
      // The schedule's first run happens at start; tests trigger later runs themselves.
      POST_EXPIRY_EVERY_MS: String(3_600_000),
      ...env,
    },
    worker: {},
  });
  const { app, database, clock, queue, signIn } = feed;
  let expiryRuns = 0;
  return {
    app,
    database,
    deps: feed.deps,
    clock,
    signIn,
    publish: async (event, data, occurredAt = new Date()) => (await feed.publish(event, data, occurredAt)).id,
    async createPost(user, body = {}) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/posts',
        cookies: signIn(user).cookies,
        payload: { content: 'Anyone up for a walk?', ...DELHI, ...body },
      });
      if (response.statusCode !== 201)
        throw new Error(`create answered ${response.statusCode}: ${response.body}`);
      return response.json<FeedPost>();
    },
    async comment(user, postId, content = 'Count me in') {
      const response = await app.inject({
        method: 'POST',
        url: '/api/comments',
        cookies: signIn(user).cookies,
        payload: { postId, content },
      });
      if (response.statusCode !== 201)
        throw new Error(`comment answered ${response.statusCode}: ${response.body}`);
      return response.json<FeedComment>();
    },
    async list(point, query = '', user) {
      const response = await app.inject({
        url: `/api/posts?latitude=${point.latitude}&longitude=${point.longitude}${query}`,
        ...(user ? signIn(user) : {}),
      });
      if (response.statusCode !== 200)
        throw new Error(`list answered ${response.statusCode}: ${response.body}`);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      // The list route skips the contract's encoder for speed: hold every answer to the contract here.
      return listPostsRoute.response[200].parse(response.json());
    },
    async runPostExpiry() {
      expiryRuns += 1;
      await queue.add(QueueName.postExpiry, {}, { jobId: `test-expiry-${expiryRuns}` });
      // Done when no expired post is left (the job's whole effect).
      await waitFor(
        async () => {
          const expired = await queryRows(
            database.port.db,
            sql`select 1 from feed.posts where expires_at <= ${clock.now().toISOString()}::timestamptz limit 1`,
          );
          return expired.length === 0;
        },
        10_000,
        'the post-expiry job',
      );
    },
    outbox: feed.outbox,
    rows: feed.rows,
    waitForRow: (query, what = 'a row') =>
      waitFor(async () => (await queryRows(database.port.db, query)).length > 0, 5_000, what),
    close: feed.close,
  };
}
