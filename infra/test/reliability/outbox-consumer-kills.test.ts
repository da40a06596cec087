/**
 * Fault 1: 10,000 events through the outbox while the consuming process is SIGKILLed every few
 * seconds and NATS is restarted twice. The consumer is a real child process on the platform's
 * NATS bus and inbox (fixtures/effects-consumer.ts); its side effect is a row in a table without
 * a unique key, so an event applied twice would be counted, not refused.
 */
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { defineEvent } from '@saathi/contracts';
import {
  createNatsBus,
  eventTablesMigration,
  makeEnvelope,
  OutboxRelay,
  queryRows,
  writeOutbox,
} from '@saathi/platform';
import type { EventBus } from '@saathi/platform';
import {
  countingLogger,
  createTestDatabase,
  sleep,
  startNatsServer,
  uniqueToken,
  waitFor,
} from '@saathi/platform/testing';
import type { NatsServerHandle, TestDatabase } from '@saathi/platform/testing';
import { recordFigures } from './figures';
import { killableProcess } from './killable-process';
import type { KillableProcess } from './killable-process';

const EVENTS = 10_000;
const WRITE_BATCH = 100;
const KILL_EVERY_MS = 1_500;
const SCHEMA = 'faults';
const thingDone = defineEvent(`${uniqueToken('f')}.thing.done.v1`, z.object({ n: z.number().int() }));

let nats: NatsServerHandle;
let database: TestDatabase;
/** Two replicas of the consuming service share its durable, as deployments run it. */
let replicas: KillableProcess[] = [];
let publisher: EventBus | undefined;

beforeAll(async () => {
  [nats, database] = await Promise.all([startNatsServer(), createTestDatabase('faults_outbox')]);
  await database.port.migrate(SCHEMA, [
    eventTablesMigration(SCHEMA),
    { name: '0001_effects', sql: 'create table effects (event_id uuid not null, n int not null);' },
  ]);
  replicas = [0, 1].map(() =>
    killableProcess({
      entry: 'infra/test/reliability/fixtures/effects-consumer.ts',
      env: { DATABASE_URL: database.url, NATS_URL: nats.url, EVENT_TYPE: thingDone.type, SCHEMA },
      ready: (output) => output.includes('ready'),
    }),
  );
  await Promise.all(replicas.map((replica) => replica.start()));
});

afterAll(async () => {
  await Promise.all(replicas.map((replica) => replica.stop()));
  await publisher?.close();
  await nats?.stop();
  await database?.drop();
});

/**
 * Starts a killed replica again as a supervisor (Kubernetes) would: one that dies at start-up
 * because NATS is down at that moment is started again until it comes up.
 */
async function restartUntilReady(replica: KillableProcess): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await replica.start();
      return;
    } catch (error) {
      if (attempt >= 20) throw error;
      await sleep(500);
    }
  }
}

const count = async (query: string): Promise<number> =>
  Number((await queryRows<{ count: number | string }>(database.port.db, sql.raw(query)))[0]?.count ?? 0);

it('applies each of 10,000 outbox events once while the consumer is killed every few seconds and NATS restarts twice', async () => {
  const started = performance.now();
  const { db } = database.port;
  const { logger, counts } = countingLogger();
  publisher = await createNatsBus({
    servers: nats.url,
    name: 'faults-publisher',
    publishTimeoutMs: 1_000,
    logger,
  });
  const relay = new OutboxRelay({
    db,
    schema: SCHEMA,
    bus: publisher,
    logger,
    pollIntervalMs: 50,
    retryInitialMs: 50,
    retryMaxMs: 500,
  });
  relay.start();

  let done = false;
  const kills = () => replicas.reduce((sum, replica) => sum + replica.kills, 0);
  const processed = () => count(`select count(distinct n) as count from ${SCHEMA}.effects`);

  // Every few seconds a replica of the consuming service crashes (each in turn) and is started again.
  const killing = (async () => {
    for (let turn = 0; !done; turn++) {
      await sleep(KILL_EVERY_MS);
      if (done) break;
      const replica = replicas[turn % replicas.length]!;
      await replica.kill();
      await restartUntilReady(replica);
    }
  })();

  // NATS restarts twice: once while the outbox is still publishing, once while the backlog is consumed.
  let restarts = 0;
  let pendingAtFirstRestart = 0;
  let processedAtSecondRestart = 0;
  const restarting = (async () => {
    await sleep(1_500);
    pendingAtFirstRestart = await count(
      `select count(*) as count from ${SCHEMA}.outbox where dispatched_at is null`,
    );
    await nats.restart({ downMs: 1_000 });
    restarts += 1;
    // Half the events consumed, or 15 s, whichever comes first: a quiet machine drains the whole
    // backlog in seconds, a loaded one may not reach half for a long time.
    const secondAt = performance.now() + 15_000;
    while (performance.now() < secondAt && (await processed()) < EVENTS / 2) await sleep(250);
    processedAtSecondRestart = await processed();
    await nats.restart({ downMs: 1_000 });
    restarts += 1;
  })();

  // The producing side writes its events in transactions of 100, as a busy service would.
  for (let first = 0; first < EVENTS; first += WRITE_BATCH) {
    const envelopes = Array.from({ length: WRITE_BATCH }, (_, i) =>
      makeEnvelope(thingDone, { n: first + i }, { traceId: 'faults-outbox' }),
    );
    await db.transaction((tx) => writeOutbox(tx, SCHEMA, envelopes));
    relay.kick();
    await sleep(25);
  }

  try {
    await restarting;
    await waitFor(async () => (await processed()) === EVENTS, 400_000, 'every event processed').catch(
      async (error: unknown) => {
        throw new Error(
          `${String(error)}: ${await processed()} processed, ${kills()} kills, ${restarts} NATS restarts`,
        );
      },
    );
  } finally {
    done = true;
    await killing;
  }
  // Longer than the consumer's ack_wait: a late redelivery would show up as a duplicate now.
  await sleep(2_500);
  await relay.stop();

  const rows = await count(`select count(*) as count from ${SCHEMA}.effects`);
  const distinct = await processed();
  const undispatched = await count(
    `select count(*) as count from ${SCHEMA}.outbox where dispatched_at is null`,
  );
  const inbox = await count(`select count(*) as count from ${SCHEMA}.inbox`);
  const seconds = Math.round((performance.now() - started) / 1000);
  recordFigures('Faults', 'Outbox events while the consumer is killed and NATS restarts', {
    events: EVENTS,
    'consumer kills': kills(),
    'consumer replicas': replicas.length,
    'NATS restarts': restarts,
    'outbox rows waiting at first restart': pendingAtFirstRestart,
    'events processed at second restart': processedAtSecondRestart,
    'publish failures retried': counts.get('outbox publish failed; will retry') ?? 0,
    processed: distinct,
    duplicates: rows - distinct,
    seconds,
  });

  expect(undispatched).toBe(0);
  expect(distinct).toBe(EVENTS);
  expect(rows).toBe(EVENTS);
  expect(inbox).toBe(EVENTS);
  expect(restarts).toBe(2);
  // A kill every 1.5 s plus the restart that follows it: at least 3 in the shortest (quiet) run.
  expect(kills()).toBeGreaterThanOrEqual(3);
  // The second restart came while the backlog was being consumed.
  expect(processedAtSecondRestart).toBeLessThan(EVENTS);
  // The first restart really cut publishing short: the relay failed and retried.
  expect(counts.get('outbox publish failed; will retry')).toBeGreaterThan(0);
}, 480_000);
