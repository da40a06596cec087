import { sql } from 'drizzle-orm';
import { defineEvent } from '@saathi/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { queryRows } from '../db/query-rows';
import type { EventBus } from '../ports';
import {
  countingLogger,
  createTestDatabase,
  sleep,
  startNatsServer,
  uniqueToken,
  waitFor,
  type NatsServerHandle,
  type TestDatabase,
} from '../testing';
import { eventTablesMigration } from './event-tables';
import { consumeOnce } from './inbox';
import { makeEnvelope } from './make-envelope';
import { createNatsBus } from './nats-bus';
import { writeOutbox } from './outbox';
import { OutboxRelay } from './outbox-relay';

const EVENTS = 200;
const schema = 'svc';
const thingDone = defineEvent(`${uniqueToken('r')}.thing.done.v1`, z.object({ n: z.number().int() }));

let server: NatsServerHandle;
let database: TestDatabase;
const buses: EventBus[] = [];

beforeAll(async () => {
  [server, database] = await Promise.all([startNatsServer(), createTestDatabase('restart')]);
  await database.port.migrate(schema, [
    eventTablesMigration(schema),
    { name: '0001_effects', sql: 'create table effects (event_id uuid primary key, n int not null unique);' },
  ]);
});

afterAll(async () => {
  await Promise.all(buses.map((bus) => bus.close()));
  await server.stop();
  await database.drop();
});

it('loses no outbox event and applies none twice when NATS restarts in the middle of publishing', async () => {
  const { db } = database.port;
  const { logger, counts } = countingLogger();
  const publisher = await createNatsBus({
    servers: server.url,
    name: 'restart-publisher',
    publishTimeoutMs: 1_000,
    logger,
  });
  // A short ack_wait so deliveries whose ack was lost in the outage come back quickly.
  const consumer = await createNatsBus({ servers: server.url, name: 'restart-consumer', ackWaitMs: 2_000 });
  buses.push(publisher, consumer);

  let sideEffects = 0;
  await consumer.subscribe({
    durable: 'restart.effects',
    event: thingDone,
    backoffMs: [100],
    handle: async (envelope) => {
      const ran = await consumeOnce(db, schema, 'effects', envelope, async (tx) => {
        await tx.execute(sql`insert into svc.effects values (${envelope.id}::uuid, ${envelope.data.n})`);
      });
      if (ran) sideEffects += 1;
    },
  });

  const relay = new OutboxRelay({
    db,
    schema,
    bus: publisher,
    logger,
    pollIntervalMs: 50,
    retryInitialMs: 50,
    retryMaxMs: 400,
  });
  relay.start();

  let restarting: Promise<void> | undefined;
  for (let n = 0; n < EVENTS; n++) {
    await db.transaction((tx) =>
      writeOutbox(tx, schema, [makeEnvelope(thingDone, { n }, { traceId: 'restart' })]),
    );
    relay.kick();
    if (n === EVENTS / 4) restarting = server.restart({ downMs: 700 });
    await sleep(5);
  }
  await restarting;

  const count = async (query: string) =>
    Number((await queryRows<{ count: number | string }>(db, sql.raw(query)))[0]?.count ?? 0);
  await waitFor(
    async () => (await count('select count(*) as count from svc.outbox where dispatched_at is null')) === 0,
    20_000,
    'every outbox row dispatched',
  );
  await waitFor(
    async () => (await count('select count(*) as count from svc.effects')) === EVENTS,
    20_000,
    'every side effect applied',
  );
  await relay.stop();
  // Give late redeliveries a chance to show up as duplicates before counting.
  await sleep(300);

  expect(await count('select count(*) as count from svc.outbox')).toBe(EVENTS);
  expect(await count('select count(*) as count from svc.effects')).toBe(EVENTS);
  expect(await count('select count(distinct n) as count from svc.effects')).toBe(EVENTS);
  expect(sideEffects).toBe(EVENTS);
  expect(counts.get('nats reconnected')).toBeGreaterThan(0);
  expect(counts.get('outbox publish failed; will retry')).toBeGreaterThan(0);
}, 45_000);
