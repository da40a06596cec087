/**
 * `npx tsx load-tests/bench/feed-blocking.ts` — what blocking costs a signed-in feed page, A/B in
 * one run. Seeds a throwaway database (--posts, 200,000 by default, over 20 × 20 km around New
 * Delhi, 2,000 authors), then times a signed-in page at random points, interleaved request by
 * request, three ways on the same points and connection pool:
 *
 * - before: the page as it was before blocking (limit 10, then the viewer's likes/reactions);
 * - after, no blocks: the shipped code, the viewer's (empty) exclusions remembered by the feed;
 * - after, 50 blocks: a viewer having blocked, and been blocked by, 25 authors each, remembered;
 * - after, 50 blocks, lists read in the query: the same viewer's page before the feed remembers
 *   (the first page after starting, or within the quiet time after a block).
 *
 * Database path (no hot-cell cache): the worst case, every page reaches PostgreSQL. Prints p50
 * and p99 per variant; --write appends them to load-tests/RESULTS.md.
 */
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { feedService } from '@saathi/feed';
import { queryRows, serviceMigrations } from '@saathi/platform';
import { createTestDatabase } from '@saathi/platform/testing';
import { EngagementRepository } from '../../services/feed/src/db/engagement-repository';
import { PostsRepository } from '../../services/feed/src/db/posts-repository';
import { FEED_RADIUS_KM } from '../../services/feed/src/domain/geo';
import { listFeed } from '../../services/feed/src/use-cases/list-feed';
import { ViewerExclusions } from '../../services/feed/src/cache/viewer-exclusions';

const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '200000' },
    requests: { type: 'string', default: '3000' },
    write: { type: 'boolean', default: false },
  },
});
const POSTS = Number(values.posts);
const REQUESTS = Number(values.requests);
const AUTHORS = 2000;
const CENTRE = { latitude: 28.6315, longitude: 77.2167 };
const HALF_LAT = 10 / 111.195;
const HALF_LON = 10 / (111.195 * Math.cos((CENTRE.latitude * Math.PI) / 180));

const database = await createTestDatabase('bench_blocking');
const db = database.port.db;
await database.port.migrate(feedService.dbSchema, serviceMigrations(feedService));
const authors = Array.from({ length: AUTHORS }, () => randomUUID());
const now = new Date();
console.log(`seeding ${POSTS} posts…`);
await queryRows(
  db,
  sql`insert into feed.posts (author_id, content, latitude, longitude, created_at, expires_at)
      select (${sql.param(authors)}::uuid[])[1 + (g % ${AUTHORS})],
             'post ' || g,
             ${CENTRE.latitude}::float8 + (random() * 2 - 1) * ${HALF_LAT}::float8,
             ${CENTRE.longitude}::float8 + (random() * 2 - 1) * ${HALF_LON}::float8,
             now() - (random() * interval '12 hours'),
             now() + interval '12 hours'
        from generate_series(1, ${POSTS}) as g`,
);
await queryRows(db, sql`analyze feed.posts`);

const viewer = { id: randomUUID(), username: 'viewer', role: 'user' as const, sessionId: randomUUID() };
const blocker = { id: randomUUID(), username: 'blocker', role: 'user' as const, sessionId: randomUUID() };
// The blocking viewer blocked 25 authors and was blocked by 25 others.
for (const [i, author] of authors.slice(0, 50).entries())
  await queryRows(
    db,
    i < 25
      ? sql`insert into feed.blocks values (${blocker.id}, ${author})`
      : sql`insert into feed.blocks values (${author}, ${blocker.id})`,
  );
// Both viewers liked a few hundred posts, so the marks query has rows to find.
for (const who of [viewer.id, blocker.id])
  await queryRows(
    db,
    sql`insert into feed.post_likes (post_id, user_id, created_at)
        select id, ${who}, now() from feed.posts tablesample bernoulli (0.5)`,
  );
// Vacuumed, as autovacuum leaves a live table: the cell walk is then index-only.
await queryRows(db, sql`vacuum analyze`);

const posts = new PostsRepository(db);
const engagement = new EngagementRepository(db);
const deps = {
  posts,
  engagement,
  cache: null,
  exclusions: new ViewerExclusions({ ttlMs: 3_600_000, quietMs: 10_000, maxViewers: 1_000 }),
  clock: { now: () => now },
};
// The same page with nothing remembered: every query reads the viewer's lists itself.
const unremembered = { ...deps, exclusions: null };

/** The signed-in page as it was before blocking (list-feed.ts at 73e5e30, database path). */
async function pageBefore(point: { latitude: number; longitude: number }) {
  const views = await posts.findNear({ center: point, radiusKm: FEED_RADIUS_KM, limit: 10, offset: 0, now });
  await engagement.marksOf(
    viewer.id,
    'post',
    views.map((view) => view.id),
  );
  return views.length;
}

const randomPoint = () => ({
  latitude: CENTRE.latitude + (Math.random() * 2 - 1) * HALF_LAT * 0.9,
  longitude: CENTRE.longitude + (Math.random() * 2 - 1) * HALF_LON * 0.9,
});

const variants = {
  before: (point: ReturnType<typeof randomPoint>) => pageBefore(point),
  'after, no blocks': async (point: ReturnType<typeof randomPoint>) =>
    (await listFeed(deps, viewer, { ...point, limit: 10, offset: 0, utcOffset: 0 })).length,
  'after, 50 blocks': async (point: ReturnType<typeof randomPoint>) =>
    (await listFeed(deps, blocker, { ...point, limit: 10, offset: 0, utcOffset: 0 })).length,
  'after, 50 blocks, lists read in the query': async (point: ReturnType<typeof randomPoint>) =>
    (await listFeed(unremembered, blocker, { ...point, limit: 10, offset: 0, utcOffset: 0 })).length,
};
type Variant = keyof typeof variants;
const timings = Object.fromEntries(Object.keys(variants).map((name) => [name, [] as number[]])) as Record<
  Variant,
  number[]
>;

// Warm-up, then the measured rounds: the same point for each variant, in rotating order.
for (let i = 0; i < 200; i++) for (const run of Object.values(variants)) await run(randomPoint());
const names = Object.keys(variants) as Variant[];
for (let i = 0; i < REQUESTS; i++) {
  const point = randomPoint();
  for (let k = 0; k < names.length; k++) {
    const name = names[(i + k) % names.length]!;
    const start = performance.now();
    await variants[name](point);
    timings[name].push(performance.now() - start);
  }
}

const percentile = (list: number[], p: number) => {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
};
const rows = names.map((name) => ({
  name,
  p50: percentile(timings[name], 50),
  p99: percentile(timings[name], 99),
}));
const base = rows[0]!;
const lines = rows.map(
  (row) =>
    `| ${row.name} | ${row.p50.toFixed(2)} | ${row.p99.toFixed(2)} | ${(((row.p99 - base.p99) / base.p99) * 100).toFixed(1)}% |`,
);
const table = [
  '| signed-in page (database path) | p50 ms | p99 ms | p99 vs before |',
  '| --- | ---: | ---: | ---: |',
  ...lines,
].join('\n');
console.log(table);
if (values.write) {
  const section =
    `\n## Blocking and the feed page (${new Date().toISOString().slice(0, 10)})\n\n` +
    `\`npx tsx load-tests/bench/feed-blocking.ts --posts ${POSTS} --requests ${REQUESTS} --write\` on ${os.cpus().length} CPUs ` +
    `(${os.cpus()[0]?.model ?? 'unknown'}), shared with other work. ${POSTS} posts, ${REQUESTS} pages per variant, ` +
    `interleaved on the same random points in one run.\n\n${table}\n`;
  appendFileSync(path.join(import.meta.dirname, '..', 'RESULTS.md'), section);
}
await database.drop();
