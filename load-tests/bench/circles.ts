/**
 * `npm run bench:circles` — what "Circles near you" costs, beside the feed, on this machine:
 *
 * 1. Seeds a throwaway database with 100,000 circles at the feed bench's density (~625 per km²,
 *    so over about 12.6 × 12.6 km around New Delhi), as many live posts over the same square,
 *    and one upcoming circle activity for every tenth circle (its "next activity").
 * 2. The query alone at the database, from this process over one connection, at 1,000 random
 *    points: CirclesRepository.near (the code the service runs: the cell walk plus each circle's
 *    next activity) against a plain radius + sort over every circle, interleaved; then with a
 *    topic. EXPLAIN (ANALYZE, BUFFERS) of the walk.
 * 3. `GET /api/circles` and `GET /api/posts` at the same random points through the real gateway
 *    at 50 connections (feed and gateway each in their own process, autocannon in this one),
 *    3 interleaved rounds, medians: the circles list must hold at least half the feed's rate.
 *
 * Appends a section to load-tests/RESULTS.md. Not part of `npm test`.
 * Options: --circles <n> (100000), --points <n> (1000), --duration <s> (8), --no-write.
 */
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { CIRCLES_NEAR_RADIUS_KM, CIRCLES_PAGE_SIZE } from '@saathi/contracts';
import { feedService } from '@saathi/feed';
import { CirclesRepository } from '../../services/feed/src/db/circles-repository';
import { circleWalkQuery } from '../../services/feed/src/db/circle-near-query';
import type { CircleNearQuery } from '../../services/feed/src/db/circle-near-query';
import { connectPostgres, generateKeyPair, queryRows, serviceMigrations } from '@saathi/platform';
import type { DatabasePort } from '@saathi/platform';
import { startChild } from './lib/children';
import type { Child } from './lib/children';
import { createBenchDatabase } from './lib/bench-database';
import { measureInterleaved } from './lib/interleaved-targets';
import type { HttpTarget } from './lib/interleaved-targets';
import { latencySummary as summary } from './lib/stats';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    circles: { type: 'string', default: '100000' },
    points: { type: 'string', default: '1000' },
    duration: { type: 'string', default: '8' },
    'no-write': { type: 'boolean', default: false },
  },
});
const CIRCLES = Number(values.circles);
const POINTS = Number(values.points);
const DURATION = Number(values.duration);
const ROUNDS = 3;
const CONNECTIONS = 50;
/** The feed bench's density: 1,000,000 posts over 40 × 40 km. */
const PER_KM2 = 1_000_000 / 1_600;

const CENTRE = { latitude: 28.6315, longitude: 77.2167 };
const HALF_SIDE_KM = Math.sqrt(CIRCLES / PER_KM2) / 2;
const KM_PER_DEGREE = (6371 * Math.PI) / 180;
const HALF_LAT = HALF_SIDE_KM / KM_PER_DEGREE;
const HALF_LON = HALF_SIDE_KM / (KM_PER_DEGREE * Math.cos((CENTRE.latitude * Math.PI) / 180));
const TOPICS = [
  'gym',
  'travel',
  'study',
  'food',
  'music',
  'hiking',
  'fitness',
  'morning',
  'weekend',
  'library',
];

const children: Child[] = [];

function randomPoints(count: number): { latitude: number; longitude: number }[] {
  return Array.from({ length: count }, () => ({
    latitude: CENTRE.latitude + (Math.random() * 2 - 1) * HALF_LAT,
    longitude: CENTRE.longitude + (Math.random() * 2 - 1) * HALF_LON,
  }));
}

const fmt = (ms: number) => ms.toFixed(2);

const randomLatitude = sql`round((${CENTRE.latitude}::float8 + (random() * 2 - 1) * ${HALF_LAT}::float8)::numeric, 3)::float8`;
const randomLongitude = sql`round((${CENTRE.longitude}::float8 + (random() * 2 - 1) * ${HALF_LON}::float8)::numeric, 3)::float8`;
const topicOf = (g: SQL) =>
  sql`(array['gym','travel','study','food','music','hiking','fitness','morning','weekend','library'])[1 + ${g} % 10]`;
const userOf = (g: SQL) =>
  sql`('00000000-0000-4000-8000-' || lpad(to_hex((${g}::bigint * 7919) % 2000), 12, '0'))::uuid`;

async function seed(db: DatabasePort): Promise<void> {
  const started = performance.now();
  await db.db.execute(sql`
    insert into feed.authors (user_id, username, first_name, source_at)
    select ('00000000-0000-4000-8000-' || lpad(to_hex(g), 12, '0'))::uuid, 'bench_user_' || g,
           (array['Asha', 'Ravi', 'Meera', 'Kiran', 'Neha', 'Arjun', 'Priya', 'Vikram'])[1 + g % 8], now()
      from generate_series(0, 1999) as g`);
  // Circles: made over the last 60 days, last active since; a third ask to join.
  await db.db.execute(sql`
    insert into feed.circles (id, creator_id, name, description, topic, join_policy, latitude, longitude,
                              member_count, created_at, last_activity_at)
    select gen_random_uuid(), ${userOf(sql`g`)}, 'Circle ' || g, 'We meet most weeks, all levels welcome.',
           ${topicOf(sql`g`)}, case when g % 3 = 0 then 'ask' else 'open' end,
           ${randomLatitude}, ${randomLongitude}, 1 + g % 40, t, t + random() * (now() - t)
      from (select g, now() - random() * interval '60 days' as t from generate_series(1, ${CIRCLES}::int) as g) s`);
  // As many live posts over the same square (the feed beside the circles).
  await db.db.execute(sql`
    insert into feed.posts (author_id, content, latitude, longitude, location_name, hashtags, likes,
                            comment_count, created_at, expires_at)
    select ${userOf(sql`g`)}, 'Looking for a partner near here #' || g, ${randomLatitude}, ${randomLongitude},
           'New Delhi', array[${topicOf(sql`g`)}], (random() * 30)::int, (random() * 5)::int, t, t + interval '30 days'
      from (select g, date_trunc('milliseconds', now() - random() * interval '29 days') as t
              from generate_series(1, ${CIRCLES}::int) as g) s`);
  // Every tenth circle has an upcoming activity (its "next activity" on the card).
  await db.db.execute(sql`
    insert into feed.posts (author_id, content, latitude, longitude, location_name, hashtags, likes, comment_count,
                            created_at, expires_at, activity_starts_at, activity_ends_at, activity_spots,
                            activity_level, activity_area, activity_accepted, circle_id, circle_members_join_at_once)
    select c.creator_id, 'Circle meet-up', c.latitude, c.longitude, 'New Delhi', array[c.topic], 0, 0, now(),
           s.starts_at + interval '2 hours', s.starts_at, s.starts_at + interval '2 hours', 6, 'any', 'The park gate', 0,
           c.id, true
      from feed.circles c
      cross join lateral (select date_trunc('minute', now() + random() * interval '7 days') as starts_at) s
     where hashtext(c.id::text) % 10 = 0`);
  await db.db.execute(sql`vacuum analyze feed.circles`);
  await db.db.execute(sql`vacuum analyze feed.posts`);
  await db.db.execute(sql`vacuum analyze feed.authors`);
  console.log(
    `seeded ${CIRCLES} circles and posts in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}

/** The plain baseline: every circle's distance computed, the ones within 1 km sorted. */
function baselineQuery(point: { latitude: number; longitude: number }): SQL {
  const here = sql`public.ll_to_earth(${point.latitude}::float8, ${point.longitude}::float8)`;
  return sql`select id, name, topic, member_count, last_activity_at from feed.circles
              where closed_at is null and moderation is null
                and public.earth_distance(${here}, public.ll_to_earth(latitude, longitude)) <= ${CIRCLES_NEAR_RADIUS_KM * 1000}
              order by last_activity_at desc, id desc limit ${CIRCLES_PAGE_SIZE}`;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await fn();
  return performance.now() - started;
}

async function measureDatabase(db: DatabasePort) {
  const circles = new CirclesRepository(db.db);
  const near = (point: { latitude: number; longitude: number }, topic?: string): CircleNearQuery => ({
    center: point,
    radiusKm: CIRCLES_NEAR_RADIUS_KM,
    limit: CIRCLES_PAGE_SIZE,
    offset: 0,
    topic,
  });
  for (const point of randomPoints(100)) {
    await circles.near(near(point), new Date());
    await queryRows(db.db, baselineQuery(point));
  }
  const walk: number[] = [];
  const baseline: number[] = [];
  const topic: number[] = [];
  let returned = 0;
  let withNext = 0;
  const points = randomPoints(POINTS);
  for (const [i, point] of points.entries()) {
    const runWalk = async () =>
      walk.push(
        await timed(async () => {
          const page = await circles.near(near(point), new Date());
          returned += page.length;
          withNext += page.filter((circle) => circle.nextActivity).length;
        }),
      );
    const runBaseline = async () => baseline.push(await timed(() => queryRows(db.db, baselineQuery(point))));
    if (i % 2 === 0) {
      await runWalk();
      await runBaseline();
    } else {
      await runBaseline();
      await runWalk();
    }
    topic.push(await timed(() => circles.near(near(point, TOPICS[i % TOPICS.length]), new Date())));
  }
  const plan = await queryRows<{ 'QUERY PLAN': string }>(
    db.db,
    sql`explain (analyze, buffers) ${circleWalkQuery(near(CENTRE))}`,
  );
  return {
    walk: summary(walk),
    baseline: summary(baseline),
    topic: summary(topic),
    perPage: returned / points.length,
    nextPerPage: withNext / points.length,
    plan: plan.map((row) => row['QUERY PLAN']).join('\n'),
  };
}

type Target = 'trivial' | 'feed' | 'circles';

async function measureHttp(databaseUrl: string) {
  const keys = generateKeyPair();
  const upstream = await startChild(path.join(here, 'lib', 'upstream-server.ts'));
  children.push(upstream);
  const feed = await startChild(path.join(here, 'lib', 'feed-server.ts'), [databaseUrl], [], {
    BENCH_PUBLIC_KEY: keys.publicKey,
  });
  children.push(feed);
  const gateway = await startChild(path.join(here, 'lib', 'gateway-server.ts'), [upstream.url], [], {
    BENCH_FEED_URL: feed.url,
    BENCH_PUBLIC_KEY: keys.publicKey,
  });
  children.push(gateway);
  const query = randomPoints(POINTS).map(
    (p) => `?latitude=${p.latitude.toFixed(6)}&longitude=${p.longitude.toFixed(6)}`,
  );
  const rotate = (prefix: string) => {
    let next = 0;
    return () => `${prefix}${query[(next = (next + 1) % query.length)]!}`;
  };
  const targets: Record<Target, HttpTarget> = {
    trivial: { url: `${gateway.url}/api/blog/ping`, request: {}, pid: upstream.process.pid },
    feed: {
      url: `${gateway.url}/api/posts${query[0]}`,
      request: { nextPath: rotate('/api/posts') },
      pid: feed.process.pid,
    },
    circles: {
      url: `${gateway.url}/api/circles${query[0]}`,
      request: { nextPath: rotate('/api/circles') },
      pid: feed.process.pid,
    },
  };
  return measureInterleaved(targets, { connections: CONNECTIONS, rounds: ROUNDS, durationS: DURATION });
}

async function main(): Promise<void> {
  const loadAtStart = os.loadavg()[0] ?? 0;
  const created = await createBenchDatabase('saathi_bench_circles');
  const db = connectPostgres(created.url, { max: 2 });
  try {
    await db.migrate(feedService.dbSchema, serviceMigrations(feedService));
    await seed(db);
    const database = await measureDatabase(db);
    console.log(
      `database: walk p50 ${fmt(database.walk.p50)} p99 ${fmt(database.walk.p99)} ms · baseline p50 ${fmt(database.baseline.p50)} p99 ${fmt(database.baseline.p99)} ms · topic p99 ${fmt(database.topic.p99)} ms`,
    );
    console.log(`\nEXPLAIN (ANALYZE, BUFFERS) — the walk:\n${database.plan}`);
    const http = await measureHttp(created.url);
    const cpus = os.cpus();
    const ratio = http.circles.reqPerSec / http.feed.reqPerSec;
    const lines = [
      '',
      `## Circles near you — ${new Date().toISOString()}`,
      '',
      `Command: \`npm run bench:circles${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` · machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version} · load average (1 min) at start ${loadAtStart.toFixed(1)}, at end ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
      '',
      `${CIRCLES.toLocaleString('en')} circles at the feed bench's density (~${Math.round(PER_KM2)} per km², over ${(HALF_SIDE_KM * 2).toFixed(1)} × ${(HALF_SIDE_KM * 2).toFixed(1)} km), as many live posts over the same square, one upcoming activity for a tenth of the circles; real PostgreSQL. ${POINTS} random points, one connection, wall time per query with planning; a page holds ${database.perPage.toFixed(1)} circles, ${database.nextPerPage.toFixed(1)} of them with a next activity.`,
      '',
      '| query (first page of 20) | p50 ms | p99 ms | mean ms |',
      '|---|---:|---:|---:|',
      `| cell walk + next activity (CirclesRepository.near, as shipped) | ${fmt(database.walk.p50)} | ${fmt(database.walk.p99)} | ${fmt(database.walk.mean)} |`,
      `| with a topic | ${fmt(database.topic.p50)} | ${fmt(database.topic.p99)} | ${fmt(database.topic.mean)} |`,
      `| every circle's distance + sort (baseline) | ${fmt(database.baseline.p50)} | ${fmt(database.baseline.p99)} | ${fmt(database.baseline.mean)} |`,
      '',
      `Through the gateway, ${CONNECTIONS} connections, the same random points; feed, gateway, trivial upstream and autocannon each in their own process. Medians of ${ROUNDS} interleaved ${DURATION} s runs.`,
      '',
      '| target | req/s | p50 ms | p99 ms | service CPU µs/req | errors + non-2xx |',
      '|---|---:|---:|---:|---:|---:|',
      ...(
        [
          ['trivial', "gateway's trivial proxied route"],
          ['feed', 'GET /api/posts, signed out (cache on, as shipped)'],
          ['circles', 'GET /api/circles, signed out'],
        ] as const
      ).map(
        ([name, label]) =>
          `| ${label} | ${http[name].reqPerSec.toFixed(0)} | ${http[name].p50} | ${http[name].p99} | ${http[name].cpuUs.toFixed(0)} | ${http[name].failures} |`,
      ),
      '',
      `Circles list p99 at the database: **${fmt(database.walk.p99)} ms** (target ≤ 20 ms). Through the gateway: **${(ratio * 100).toFixed(0)}% of the feed's throughput** (target ≥ 50%).`,
      '',
    ];
    console.log(lines.join('\n'));
    if (!values['no-write']) appendFileSync(path.join(here, '..', 'RESULTS.md'), lines.join('\n'));
  } finally {
    await Promise.all(children.map((child) => child.stop()));
    await db.close();
    await created.drop();
  }
}

await main();
