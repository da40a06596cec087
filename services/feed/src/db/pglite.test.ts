import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  generateKeyPair,
  loadConfig,
  openPglite,
  queryRows,
  signAccessToken,
  startService,
  systemClock,
} from '@saathi/platform';
import type { App, DatabasePort, EventBus, JobQueue, RunningService } from '@saathi/platform';
import { ACCESS_COOKIE } from '@saathi/contracts';
import { configSchema } from '../config';
import { feedService } from '../index';
import { buildUser } from '../testing/test-feed';

// Embedded mode runs the same migrations and queries on PGlite (PostgreSQL in WASM).
const logger = createLogger({ name: 'feed-pglite-test', level: 'silent' });
const keys = generateKeyPair();
let database: DatabasePort;
let bus: EventBus;
let queue: JobQueue;
let running: RunningService<App>;

beforeAll(async () => {
  database = await openPglite();
  bus = createMemoryBus({ logger });
  queue = createMemoryQueue({ logger });
  const config = loadConfig(
    configSchema,
    { JWT_PUBLIC_KEY: keys.publicKey, LOG_LEVEL: 'silent' },
    { exit: false },
  );
  running = await startService(feedService, { config, db: database, bus, queue, clock: systemClock, logger });
}, 60_000);
afterAll(async () => {
  await running.stop();
  await running.app.close();
  await bus.close();
  await queue.close();
  await database.close();
});

describe('the feed on PGlite', () => {
  it('stores the cell the database computes, and lists, filters and searches posts near a point', async () => {
    const user = buildUser();
    const cookies = {
      [ACCESS_COOKIE]: signAccessToken(
        keys.privateKey,
        { sub: user.id, username: user.username, role: user.role, sid: user.sessionId },
        { ttlSeconds: 600 },
      ),
    };
    for (const [content, hashtags] of [
      ['Morning run by the lake', ['fitness']],
      ['Chess in the park, 50% off snacks', ['weekend']],
    ] as const) {
      const created = await running.app.inject({
        method: 'POST',
        url: '/api/posts',
        cookies,
        payload: { content, latitude: 19.0761, longitude: 72.8775, hashtags },
      });
      expect(created.statusCode).toBe(201);
    }
    const contents = async (query: string) => {
      const response = await running.app.inject({
        url: `/api/posts?latitude=19.0765&longitude=72.8779${query}`,
      });
      return response.json<{ content: string }[]>().map((post) => post.content);
    };
    expect(await contents('')).toEqual(['Chess in the park, 50% off snacks', 'Morning run by the lake']);
    expect(await contents('&hashtag=fitness')).toEqual(['Morning run by the lake']);
    expect(await contents('&anyHashtag=fitness,weekend')).toEqual([
      'Chess in the park, 50% off snacks',
      'Morning run by the lake',
    ]);
    expect(await contents('&anyHashtag=study')).toEqual([]);
    expect(await contents('&search=50%25')).toEqual(['Chess in the park, 50% off snacks']);
    // A signed-in viewer's marks (one array parameter) and a like, on PGlite's driver too.
    const [newest] = await running.app
      .inject({ url: '/api/posts?latitude=19.0765&longitude=72.8779' })
      .then((response) => response.json<{ id: string }[]>());
    const like = await running.app.inject({ method: 'POST', url: `/api/posts/${newest!.id}/like`, cookies });
    expect(like.json()).toEqual({ likes: 1, likedByMe: true });
    const seen = await running.app.inject({ url: '/api/posts?latitude=19.0765&longitude=72.8779', cookies });
    expect(seen.json<{ likedByMe: boolean }[]>().map((post) => post.likedByMe)).toEqual([true, false]);

    const [row] = await queryRows<{ geo_cell: number; cell: number }>(
      database.db,
      sql`select geo_cell, feed.geo_cell(19.076, 72.878) as cell from feed.posts limit 1`,
    );
    expect(row!.geo_cell).toBe(row!.cell);
  });

  it('makes a circle, lists it within 1 km (not beyond), and joins it, on PGlite too', async () => {
    const [creator, member] = [buildUser(), buildUser()];
    const cookiesOf = (user: typeof creator) => ({
      [ACCESS_COOKIE]: signAccessToken(
        keys.privateKey,
        { sub: user.id, username: user.username, role: user.role, sid: user.sessionId },
        { ttlSeconds: 600 },
      ),
    });
    const created = await running.app.inject({
      method: 'POST',
      url: '/api/circles',
      cookies: cookiesOf(creator),
      payload: {
        name: 'Lake walkers',
        description: 'Evening walks',
        topic: 'fitness',
        latitude: 18.52,
        longitude: 73.856,
      },
    });
    expect(created.statusCode).toBe(201);
    const circle = created.json<{ id: string }>();
    const listedAt = async (latitude: number) =>
      (await running.app.inject({ url: `/api/circles?latitude=${latitude}&longitude=73.856` }))
        .json<{ id: string }[]>()
        .map((listed) => listed.id);
    // 0.9 km north is in; 1.1 km north is out (1° of latitude = 111.195 km).
    expect(await listedAt(18.52 + 0.9 / 111.195)).toEqual([circle.id]);
    expect(await listedAt(18.52 + 1.1 / 111.195)).toEqual([]);
    const joined = await running.app.inject({
      method: 'POST',
      url: `/api/circles/${circle.id}/join`,
      cookies: cookiesOf(member),
      payload: {},
    });
    expect(joined.json()).toEqual({ status: 'member' });
    const members = await running.app.inject({
      url: `/api/circles/${circle.id}/members`,
      cookies: cookiesOf(member),
    });
    expect(members.json<{ userId: string }[]>().map((m) => m.userId)).toEqual([creator.id, member.id]);
  });

  it('has the trigram index for search (PGlite loads pg_trgm)', async () => {
    const rows = await queryRows(
      database.db,
      sql`select 1 from pg_indexes where schemaname = 'feed' and indexname = 'posts_content_trgm_idx'`,
    );
    expect(rows).toHaveLength(1);
  });
});
