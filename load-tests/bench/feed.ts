/**
 * `npm run bench:feed` — what the feed's 1 km query costs, on this machine, in one run:
 *
 * 1. Seeds a throwaway database with 1,000,000 live posts spread over 40 × 40 km around New Delhi
 *    (`insert … select generate_series`, indexes built afterwards), by 2,000 authors.
 * 2. The query alone at the database, from this process over one connection, at 1,000 random
 *    points inside the area: the feed's cell walk (PostsRepository.findNear, the code the service
 *    runs) against the plain GiST radius + sort baseline on the same points, interleaved; then
 *    a common hashtag, a common word and a rare word. EXPLAIN (ANALYZE, BUFFERS) of each shape.
 * 3. `GET /api/posts` at random points through the real gateway at 50 connections (feed and
 *    gateway each in their own process, autocannon in this one): anonymous and signed in, with
 *    the hot-cell cache on (as shipped) and off, against the gateway's trivial proxied route.
 *    3 interleaved rounds, medians.
 *
 * Appends a section to load-tests/RESULTS.md. Not part of `npm test`.
 * Activities: a share of the posts (--activity-share, 0.1) carry activity fields starting within
 * the next 10 days; the 'today' and 'week' filters are timed at the database and through the
 * gateway beside the plain feed.
 * Options: --posts <n> (1000000), --points <n> (1000), --duration <s> (8), --no-write,
 * --activity-share <0..1> (0.1),
 * --database-url <url> (reuse a database a previous run kept; skips seeding), --keep (keep it).
 */
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ACCESS_COOKIE } from '@saathi/contracts';
import { feedService } from '@saathi/feed';
import { PostsRepository } from '../../services/feed/src/db/posts-repository';
import type { NearQuery } from '../../services/feed/src/db/posts-repository';
import { FEED_RADIUS_KM } from '../../services/feed/src/domain/geo';
import { startsBefore } from '../../services/feed/src/domain/activities';
import { activityWalkQuery } from '../../services/feed/src/db/activity-near-query';
import {
  connectPostgres,
  generateKeyPair,
  queryRows,
  serviceMigrations,
  signAccessToken,
} from '@saathi/platform';
import type { DatabasePort } from '@saathi/platform';
import { startChild } from './lib/children';
import type { Child } from './lib/children';
import { createBenchDatabase } from './lib/bench-database';
import { measureInterleaved } from './lib/interleaved-targets';
import type { HttpTarget } from './lib/interleaved-targets';
import { latencySummary as summary } from './lib/stats';
import { reencodePhoto } from '../../services/feed/src/domain/reencode-photo';
import { gradientPng } from '../audit/photo';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    posts: { type: 'string', default: '1000000' },
    points: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '8' },
    'no-write': { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    keep: { type: 'boolean', default: false },
    'activity-share': { type: 'string', default: '0.1' },
    // Issue 31: a fifth of posts carry a photo (its reference rides in the post's row).
    'photo-share': { type: 'string', default: '0.2' },
  },
});
const POSTS = Number(values.posts);
const POINTS = Number(values.points);
const DURATION = Number(values.duration);
const ACTIVITY_SHARE = Number(values['activity-share']);
const PHOTO_SHARE = Number(values['photo-share']);
const ROUNDS = 3;
const CONNECTIONS = 50;

/** New Delhi (Connaught Place) and the 40 × 40 km square around it. */
const CENTRE = { latitude: 28.6315, longitude: 77.2167 };
const HALF_SIDE_KM = 20;
const KM_PER_DEGREE = (6371 * Math.PI) / 180;
const HALF_LAT = HALF_SIDE_KM / KM_PER_DEGREE;
const HALF_LON = HALF_SIDE_KM / (KM_PER_DEGREE * Math.cos((CENTRE.latitude * Math.PI) / 180));

const children: Child[] = [];

function randomPoints(count: number): { latitude: number; longitude: number }[] {
  return Array.from({ length: count }, () => ({
    latitude: CENTRE.latitude + (Math.random() * 2 - 1) * HALF_LAT,
    longitude: CENTRE.longitude + (Math.random() * 2 - 1) * HALF_LON,
  }));
}

const fmt = (ms: number) => ms.toFixed(2);

/** 1M posts in one statement, secondary indexes dropped before and rebuilt after (much faster). */
async function seed(db: DatabasePort): Promise<void> {
  const started = performance.now();
  const indexes = await queryRows<{ indexname: string; indexdef: string }>(
    db.db,
    sql`select indexname, indexdef from pg_indexes
         where schemaname = 'feed' and tablename = 'posts' and indexname <> 'posts_pkey'`,
  );
  for (const index of indexes) await db.db.execute(sql.raw(`drop index feed."${index.indexname}"`));
  await db.db.execute(sql`
    insert into feed.authors (user_id, username, first_name, source_at)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'bench_user_' || g,
           (array['Asha', 'Ravi', 'Meera', 'Kiran', 'Neha', 'Arjun', 'Priya', 'Vikram'])[1 + g % 8], now()
      from generate_series(0, 1999) as g`);
  await db.db.execute(sql`
    insert into feed.posts (author_id, content, latitude, longitude, location_name, hashtags, likes,
                            comment_count, created_at, expires_at)
    select ('00000000-0000-4000-8000-' || lpad(to_hex((g::bigint * 7919) % 2000), 12, '0'))::uuid,
           (array['Looking for a gym buddy', 'Anyone up for a morning run', 'Need a study partner for exams',
                  'Best chai spot nearby?', 'Weekend hike to the ridge', 'Guitar jam session tonight',
                  'Library group, quiet hours', 'Cycling at dawn, easy pace', 'Cricket in the park on Sunday',
                  'Yoga on the terrace at 7', 'Badminton doubles, need one more', 'Street food walk after work',
                  'Board games evening', 'Football kickabout, all levels', 'Photography walk in the old city',
                  'Swimming laps, early slot'])[1 + g % 16]
             || ' near ' || (array['Connaught Place', 'Lodhi Garden', 'Hauz Khas', 'Karol Bagh', 'Saket',
                  'Lajpat Nagar', 'Rajouri Garden', 'Dwarka', 'Mayur Vihar', 'Chandni Chowk', 'Greater Kailash',
                  'Janakpuri'])[1 + (g / 16) % 12] || ' #' || g,
           round((${CENTRE.latitude}::float8 + (random() * 2 - 1) * ${HALF_LAT}::float8)::numeric, 3)::float8,
           round((${CENTRE.longitude}::float8 + (random() * 2 - 1) * ${HALF_LON}::float8)::numeric, 3)::float8,
           'New Delhi',
           case when g % 3 = 0
                then array[(array['gym','travel','study','food','music','hiking','fitness','morning','weekend','library'])[1 + g % 10]]
                else array[(array['gym','travel','study','food','music','hiking','fitness','morning','weekend','library'])[1 + g % 10],
                           (array['gym','travel','study','food','music','hiking','fitness','morning','weekend','library'])[1 + (g / 10) % 10]]
           end,
           (random() * 30)::int, (random() * 5)::int, t, t + interval '30 days'
      from (select g, date_trunc('milliseconds', now() - random() * interval '29 days 20 hours') as t
              from generate_series(1, ${POSTS}::int) as g) as s`);
  // Activities: a two-hour window starting within the next 10 days; they leave the feed when it ends.
  await db.db.execute(sql`
    update feed.posts
       set activity_starts_at = s.starts_at, activity_ends_at = s.starts_at + interval '2 hours',
           expires_at = s.starts_at + interval '2 hours', activity_spots = 1 + (hashtext(id::text) & 7),
           activity_level = 'any', activity_area = 'Lodhi Garden, north gate', activity_accepted = 0
      from (select id as sid, date_trunc('minute', now() + random() * interval '10 days') as starts_at
              from feed.posts where random() < ${ACTIVITY_SHARE}::float8) as s
     where id = s.sid`);
  // Photos: one each, referenced from the post as the feed stores it (the bytes are never read by the feed).
  await db.db.execute(sql`
    update feed.posts
       set photos = jsonb_build_array(jsonb_build_object('id', gen_random_uuid(), 'width', 1280, 'height', 960))
     where random() < ${PHOTO_SHARE}::float8`);
  const inserted = performance.now();
  for (const index of indexes) await db.db.execute(sql.raw(index.indexdef));
  await db.db.execute(sql`vacuum analyze feed.posts`);
  await db.db.execute(sql`vacuum analyze feed.authors`);
  console.log(
    `seeded ${POSTS} posts in ${((inserted - started) / 1000).toFixed(1)} s, indexes and vacuum in ${((performance.now() - inserted) / 1000).toFixed(1)} s`,
  );
}

/** The plain baseline: one GiST index on the point, every post of the circle read, then sorted. */
async function addBaselineIndex(db: DatabasePort): Promise<void> {
  await db.db.execute(sql`create index if not exists posts_earth_bench_idx on feed.posts
                            using gist (public.ll_to_earth(latitude, longitude))`);
  await db.db.execute(sql`analyze feed.posts`);
}

function baselineQuery(point: { latitude: number; longitude: number }): SQL {
  const here = sql`public.ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
  return sql`select p.id, p.content, p.author_id, p.hashtags, p.likes, p.reactions, p.comment_count,
                    p.latitude, p.longitude, p.location_name, p.created_at, p.expires_at, a.username, a.first_name
               from feed.posts p left join feed.authors a on a.user_id = p.author_id
              where public.earth_box(${here}, ${FEED_RADIUS_KM * 1000}) @> public.ll_to_earth(p.latitude, p.longitude)
                and public.earth_distance(${here}, public.ll_to_earth(p.latitude, p.longitude)) <= ${FEED_RADIUS_KM * 1000}
                and p.expires_at > now()
              order by p.created_at desc, p.id desc limit 10`;
}

async function explainPlan(db: DatabasePort, query: SQL): Promise<string> {
  const rows = await queryRows<{ 'QUERY PLAN': string }>(db.db, sql`explain (analyze, buffers) ${query}`);
  return rows.map((row) => row['QUERY PLAN']).join('\n');
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

interface DatabaseFigures {
  rows: { label: string; ms: ReturnType<typeof summary> }[];
  cells: ReturnType<typeof summary>;
  baseline: ReturnType<typeof summary>;
  postsPerPage: number;
  photosPerPage: number;
  explains: { label: string; plan: string }[];
}

async function measureDatabase(db: DatabasePort): Promise<DatabaseFigures> {
  const posts = new PostsRepository(db.db);
  const near = (
    point: { latitude: number; longitude: number },
    extra: { hashtag?: string; search?: string } = {},
  ): NearQuery => ({
    center: point,
    radiusKm: FEED_RADIUS_KM,
    limit: 10,
    offset: 0,
    now: new Date(),
    ...extra,
  });
  // Warm-up: catalogue caches, buffers.
  for (const point of randomPoints(100)) {
    await posts.findNear(near(point));
    await queryRows(db.db, baselineQuery(point));
  }
  const cells: number[] = [];
  const baseline: number[] = [];
  let returned = 0;
  let photos = 0;
  const points = randomPoints(POINTS);
  for (const [i, point] of points.entries()) {
    // Alternate which goes first, so neither always gets the other's warmed pages.
    const runCells = async () =>
      cells.push(
        await timed(async () => {
          const page = await posts.findNear(near(point));
          returned += page.length;
          photos += page.reduce((sum, view) => sum + (view.photos?.length ?? 0), 0);
        }),
      );
    const runBaseline = async () => baseline.push(await timed(() => queryRows(db.db, baselineQuery(point))));
    if (i % 2 === 0) {
      await runCells();
      await runBaseline();
    } else {
      await runBaseline();
      await runCells();
    }
  }
  const narrowed = async (extra: (i: number) => { hashtag?: string; search?: string }) => {
    const ms: number[] = [];
    for (const [i, point] of points.entries())
      ms.push(await timed(() => posts.findNear(near(point, extra(i)))));
    return summary(ms);
  };
  const activityFilter = async (when: 'today' | 'week') => {
    const ms: number[] = [];
    for (const point of points)
      ms.push(await timed(() => posts.findActivitiesNear(near(point), startsBefore(when, new Date(), 330))));
    return summary(ms);
  };
  const rows = [
    {
      label: 'cell walk, `hashtag=hiking` (a tag on ~16% of posts)',
      ms: await narrowed(() => ({ hashtag: 'hiking' })),
    },
    {
      label: 'cell walk, `search=badminton` (a word in ~6% of posts)',
      ms: await narrowed(() => ({ search: 'badminton' })),
    },
    {
      label: `activities \`when=today\` (activity index, ${ACTIVITY_SHARE * 100}% of posts are activities)`,
      ms: await activityFilter('today'),
    },
    {
      label: 'activities `when=week`',
      ms: await activityFilter('week'),
    },
    {
      label: 'GIN first, `search=#<6 digits>` (a rare word: ≤ 11 posts in all)',
      ms: await narrowed((i) => ({ search: `#${100_000 + ((i * 7_919) % 899_999)}` })),
    },
  ];
  const explain = async (label: string, query: Promise<SQL> | SQL) => ({
    label,
    plan: await explainPlan(db, await query),
  });
  return {
    rows,
    cells: summary(cells),
    baseline: summary(baseline),
    postsPerPage: returned / points.length,
    photosPerPage: photos / points.length,
    explains: [
      await explain('cell walk', posts.nearQuery(near(CENTRE))),
      await explain('plain GiST radius + sort (baseline)', baselineQuery(CENTRE)),
      await explain('cell walk with a common word', posts.nearQuery(near(CENTRE, { search: 'badminton' }))),
      await explain(
        'activities this week',
        activityWalkQuery(near(CENTRE), startsBefore('week', new Date(), 0)),
      ),
      await explain('GIN first for a rare word', posts.nearQuery(near(CENTRE, { search: '#123456' }))),
      await explain(
        'what the planner would do for the common word with its GIN index (not used)',
        posts.nearQuery(near(CENTRE, { search: 'badminton' }), 'index-first'),
      ),
    ],
  };
}

type Target = 'trivial' | 'feed' | 'feedSignedIn' | 'feedNoCache' | 'feedWeek';

async function measureHttp(databaseUrl: string) {
  const keys = generateKeyPair();
  const upstream = await startChild(path.join(here, 'lib', 'upstream-server.ts'));
  children.push(upstream);
  const feed = await startChild(path.join(here, 'lib', 'feed-server.ts'), [databaseUrl], [], {
    BENCH_PUBLIC_KEY: keys.publicKey,
  });
  children.push(feed);
  const feedNoCache = await startChild(path.join(here, 'lib', 'feed-server.ts'), [databaseUrl, '0'], [], {
    BENCH_PUBLIC_KEY: keys.publicKey,
  });
  children.push(feedNoCache);
  const gateway = await startChild(path.join(here, 'lib', 'gateway-server.ts'), [upstream.url], [], {
    BENCH_FEED_URL: feed.url,
    BENCH_PUBLIC_KEY: keys.publicKey,
  });
  children.push(gateway);
  const gatewayNoCache = await startChild(path.join(here, 'lib', 'gateway-server.ts'), [upstream.url], [], {
    BENCH_FEED_URL: feedNoCache.url,
    BENCH_PUBLIC_KEY: keys.publicKey,
  });
  children.push(gatewayNoCache);

  const token = signAccessToken(
    keys.privateKey,
    { sub: randomUUID(), username: 'bench_viewer', role: 'user', sid: randomUUID() },
    { ttlSeconds: 3600 },
  );
  const points = randomPoints(POINTS).map(
    (p) => `/api/posts?latitude=${p.latitude.toFixed(6)}&longitude=${p.longitude.toFixed(6)}`,
  );
  let next = 0;
  const nextPath = () => points[(next = (next + 1) % points.length)]!;
  let nextWeekIndex = 0;
  const nextWeek = () => `${points[(nextWeekIndex = (nextWeekIndex + 1) % points.length)]!}&when=week`;
  const targets: Record<Target, HttpTarget> = {
    trivial: { url: `${gateway.url}/api/blog/ping`, request: {}, pid: upstream.process.pid },
    feed: { url: `${gateway.url}${points[0]}`, request: { nextPath }, pid: feed.process.pid },
    feedSignedIn: {
      url: `${gateway.url}${points[0]}`,
      request: { nextPath, headers: { cookie: `${ACCESS_COOKIE}=${token}` } },
      pid: feed.process.pid,
    },
    feedNoCache: {
      url: `${gatewayNoCache.url}${points[0]}`,
      request: { nextPath },
      pid: feedNoCache.process.pid,
    },
    // The filter never uses the cache: compare it with feedNoCache.
    feedWeek: {
      url: `${gateway.url}${points[0]}&when=week`,
      request: { nextPath: nextWeek },
      pid: feed.process.pid,
    },
  };
  return measureInterleaved(targets, {
    connections: CONNECTIONS,
    rounds: ROUNDS,
    durationS: DURATION,
    checkBody: (name, body) => {
      if (name.startsWith('feed') && !Array.isArray(body)) throw new Error(`${name}: not a list`);
    },
  });
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const reuse = values['database-url'];
  const created = reuse ? undefined : await createBenchDatabase('saathi_bench_feed');
  const databaseUrl = reuse ?? created!.url;
  const db = connectPostgres(databaseUrl, { max: 2 });
  try {
    // A kept database may predate a migration; applying them is a no-op otherwise.
    await db.migrate(feedService.dbSchema, serviceMigrations(feedService));
    if (!reuse) await seed(db);
    await addBaselineIndex(db);
    const database = await measureDatabase(db);
    console.log(
      `database, ${POINTS} points: cells p50 ${fmt(database.cells.p50)} ms p99 ${fmt(database.cells.p99)} ms · GiST + sort p50 ${fmt(database.baseline.p50)} ms p99 ${fmt(database.baseline.p99)} ms`,
    );
    for (const row of database.rows)
      console.log(`${row.label}: p50 ${fmt(row.ms.p50)} ms p99 ${fmt(row.ms.p99)} ms`);
    for (const { label, plan } of database.explains)
      console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — ${label}:\n${plan}`);
    const http = await measureHttp(databaseUrl);
    // What a page's photos weigh in the card size: the feed's own re-encoding of a 1600 × 1200
    // photo-like image, times the photos a page holds on average.
    const card = (await reencodePhoto(gradientPng(1600, 1200, 24))).card;
    const cardKiB = card.data.length / 1024;

    const cpus = os.cpus();
    const lines = [
      '',
      `## Feed bench — ${new Date().toISOString()}`,
      '',
      `Command: \`npm run bench:feed${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` · machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} · load average (1 min) at start ${loadAtStart.toFixed(1)}, at end ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      '',
      `${POSTS.toLocaleString('en')} live posts over 40 × 40 km around New Delhi (~${Math.round(POSTS / 1600)} per km²), real PostgreSQL. The query alone: ${POINTS} random points in the area, one connection from the bench process, wall time per query including planning (${database.postsPerPage.toFixed(1)} posts per page on average).`,
      '',
      '| query (first page of 10) | p50 ms | p99 ms | mean ms |',
      '|---|---:|---:|---:|',
      `| cell walk (as shipped) | ${fmt(database.cells.p50)} | ${fmt(database.cells.p99)} | ${fmt(database.cells.mean)} |`,
      `| plain GiST radius + sort (baseline) | ${fmt(database.baseline.p50)} | ${fmt(database.baseline.p99)} | ${fmt(database.baseline.mean)} |`,
      ...database.rows.map(
        (row) => `| ${row.label} | ${fmt(row.ms.p50)} | ${fmt(row.ms.p99)} | ${fmt(row.ms.mean)} |`,
      ),
      '',
      `\`GET /api/posts\` at random points through the gateway, ${CONNECTIONS} connections; feed, gateway, trivial upstream and autocannon each in their own process on the same machine. Medians of ${ROUNDS} interleaved ${DURATION} s runs. CPU µs/req is the serving process's (feed, or the trivial upstream).`,
      '',
      '| target | req/s | p50 ms | p99 ms | service CPU µs/req | errors + non-2xx |',
      '|---|---:|---:|---:|---:|---:|',
      ...(
        [
          ['trivial', "gateway's trivial proxied route"],
          ['feed', 'GET /api/posts, signed out (cache on, as shipped)'],
          ['feedSignedIn', 'GET /api/posts, signed in (cache on)'],
          ['feedNoCache', 'GET /api/posts, signed out, FEED_CACHE_MS=0'],
          ['feedWeek', 'GET /api/posts&when=week, signed out (activities, never cached)'],
        ] as const
      ).map(
        ([name, label]) =>
          `| ${label} | ${http[name].reqPerSec.toFixed(0)} | ${http[name].p50} | ${http[name].p99} | ${http[name].cpuUs.toFixed(0)} | ${http[name].failures} |`,
      ),
      '',
      `Photos: ${(PHOTO_SHARE * 100).toFixed(0)}% of posts carry one; a first page holds ${database.photosPerPage.toFixed(2)} on average. One card-size photo (${card.width} × ${card.height} WebP, re-encoded by the feed from a 1600 × 1200 photo-like image) is ${cardKiB.toFixed(1)} KiB, so a page's card images weigh about **${(database.photosPerPage * cardKiB).toFixed(1)} KiB** (fetched lazily, apart from the page's JSON).`,
      '',
      `Query p99 at the database: **${fmt(database.cells.p99)} ms** (target ≤ 5 ms; baseline ${fmt(database.baseline.p99)} ms). Through the gateway: **${http.feed.reqPerSec.toFixed(0)} req/s, p99 ${http.feed.p99} ms** (targets ≥ 2,000 req/s, p99 ≤ 50 ms), ${((http.feed.reqPerSec / http.trivial.reqPerSec) * 100).toFixed(1)}% of the trivial route's throughput.`,
      '',
    ];
    console.log(lines.join('\n'));
    if (!values['no-write']) appendFileSync(path.join(here, '..', 'RESULTS.md'), lines.join('\n'));
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await db.close();
    if (created && !values.keep) await created.drop();
    else console.log(`database kept: ${databaseUrl}`);
  }
}

await main();
