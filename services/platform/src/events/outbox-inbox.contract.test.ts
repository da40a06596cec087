import { sql } from 'drizzle-orm';
import { defineEvent, type EventEnvelope } from '@saathi/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { openPglite } from '../db/pglite';
import { queryRows } from '../db/query-rows';
import type { DatabasePort, EventBus } from '../ports';
import { createTestDatabase, sleep, uniqueName, waitFor } from '../testing';
import { eventTablesMigration } from './event-tables';
import { consumeBatchOnce, consumeOnce } from './inbox';
import { makeEnvelope } from './make-envelope';
import { createMemoryBus } from './memory-bus';
import { writeOutbox } from './outbox';
import { OutboxRelay } from './outbox-relay';
import { pruneEventTables } from './prune';

const orderPlaced = defineEvent('shop.order.placed.v1', z.object({ n: z.number().int() }));

/** A bus that records publishes and can be told to fail them. */
function recordingBus(inner: EventBus) {
  const published: string[] = [];
  const control = { failNext: 0, delayMs: 0 };
  const bus: Pick<EventBus, 'publish'> = {
    async publish(envelope: EventEnvelope) {
      if (control.delayMs > 0) await sleep(control.delayMs);
      if (control.failNext > 0) {
        control.failNext -= 1;
        throw new Error('broker unavailable');
      }
      await inner.publish(envelope);
      published.push(envelope.id);
    },
  };
  return { bus, published, control };
}

function outboxContract(
  name: string,
  open: () => Promise<{ port: DatabasePort; dispose: () => Promise<void> }>,
) {
  describe(`outbox relay + inbox: ${name}`, () => {
    let port: DatabasePort;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ port, dispose } = await open());
    });
    afterAll(async () => {
      await dispose();
    });

    async function serviceSchema() {
      const schema = uniqueName('svc');
      await port.migrate(schema, [
        eventTablesMigration(schema),
        { name: '0001_effects', sql: 'create table effects (event_id uuid primary key, n int not null);' },
      ]);
      return schema;
    }

    async function writeEvents(schema: string, count: number, from = 0) {
      const envelopes: EventEnvelope[] = [];
      for (let n = from; n < from + count; n++) {
        const envelope = makeEnvelope(orderPlaced, { n }, { traceId: 'test' });
        await port.db.transaction((tx) => writeOutbox(tx, schema, [envelope]));
        envelopes.push(envelope);
      }
      return envelopes;
    }

    const undispatched = async (schema: string) =>
      (await queryRows(port.db, sql.raw(`select id from "${schema}".outbox where dispatched_at is null`)))
        .length;

    it('publishes committed events once each, and the inbox applies each side effect once', async () => {
      const schema = await serviceSchema();
      const memory = createMemoryBus({ redeliveryDelayMs: 10 });
      const { bus, published } = recordingBus(memory);
      await memory.subscribe({
        durable: uniqueName('effects'),
        event: orderPlaced,
        handle: async (envelope) => {
          await consumeOnce(port.db, schema, 'effects', envelope, async (tx) => {
            await tx.execute(
              sql`insert into ${sql.raw(`"${schema}".effects`)} values (${envelope.id}::uuid, ${envelope.data.n})`,
            );
          });
        },
      });
      await expect(
        port.db.transaction(async (tx) => {
          await writeOutbox(tx, schema, [makeEnvelope(orderPlaced, { n: -1 }, { traceId: 'test' })]);
          throw new Error('change rolled back');
        }),
      ).rejects.toThrow();
      const envelopes = await writeEvents(schema, 25);

      const relay = new OutboxRelay({ db: port.db, schema, bus, pollIntervalMs: 20, batchSize: 10 });
      relay.start();
      relay.kick();
      await waitFor(async () => (await undispatched(schema)) === 0);
      await relay.stop();

      await waitFor(
        async () => (await queryRows(port.db, sql.raw(`select 1 from "${schema}".effects`))).length === 25,
      );
      const effects = await queryRows<{ n: number }>(port.db, sql.raw(`select n from "${schema}".effects`));
      expect(new Set(published)).toEqual(new Set(envelopes.map((e) => e.id)));
      expect(published).toHaveLength(25);
      expect(effects.every((e) => e.n >= 0)).toBe(true);
      await memory.close();
    });

    it('skips a side effect for an event already in the inbox, and retries one that failed', async () => {
      const schema = await serviceSchema();
      const envelope = makeEnvelope(orderPlaced, { n: 1 }, { traceId: 'test' });
      const effects = sql.raw(`"${schema}".effects`);
      const insertEffect = async (tx: typeof port.db) => {
        await tx.execute(sql`insert into ${effects} values (${envelope.id}::uuid, 1)`);
      };
      await expect(
        consumeOnce(port.db, schema, 'c', envelope, async (tx) => {
          await insertEffect(tx);
          throw new Error('side effect failed');
        }),
      ).rejects.toThrow('side effect failed');
      expect(await consumeOnce(port.db, schema, 'c', envelope, insertEffect)).toBe(true);
      expect(await consumeOnce(port.db, schema, 'c', envelope, insertEffect)).toBe(false);
      // Another consumer of the same event has its own inbox entry.
      expect(await consumeOnce(port.db, schema, 'other', envelope, () => Promise.resolve())).toBe(true);
      expect(await queryRows(port.db, sql`select n from ${effects}`)).toEqual([{ n: 1 }]);
    });

    it('applies a batch in one transaction: only events not seen before, in order, once each', async () => {
      const schema = await serviceSchema();
      const effects = sql.raw(`"${schema}".effects`);
      const [a, b, c, d] = [1, 2, 3, 4].map((n) => makeEnvelope(orderPlaced, { n }, { traceId: 'test' }));
      const apply = async (tx: typeof port.db, fresh: (typeof a)[]) => {
        for (const envelope of fresh)
          await tx.execute(sql`insert into ${effects} values (${envelope!.id}::uuid, ${envelope!.data.n})`);
      };
      expect(await consumeOnce(port.db, schema, 'c', b!, (tx) => apply(tx, [b]))).toBe(true);
      // A failed batch leaves nothing behind, its inbox rows included.
      await expect(
        consumeBatchOnce(port.db, schema, 'c', [a!, c!], async (tx, fresh) => {
          await apply(tx, fresh);
          throw new Error('side effect failed');
        }),
      ).rejects.toThrow('side effect failed');
      const seen: number[][] = [];
      const batch = [c!, a!, b!, c!, d!]; // b was handled alone; c is in twice
      const applied = await consumeBatchOnce(port.db, schema, 'c', batch, async (tx, fresh) => {
        seen.push(fresh.map((envelope) => envelope.data.n));
        await apply(tx, fresh);
      });
      expect(applied).toBe(3);
      expect(seen).toEqual([[3, 1, 4]]);
      expect(
        await consumeBatchOnce(port.db, schema, 'c', batch, () => Promise.reject(new Error('never'))),
      ).toBe(0);
      const rows = await queryRows<{ n: number }>(port.db, sql`select n from ${effects} order by n`);
      expect(rows.map((row) => row.n)).toEqual([1, 2, 3, 4]);

      // An id in upper case (valid, if not ours) is the same event: applied once, then skipped.
      const shouting = makeEnvelope(orderPlaced, { n: 5 }, { traceId: 'test' });
      const upper = { ...shouting, id: shouting.id.toUpperCase() };
      expect(await consumeOnce(port.db, schema, 'c', upper, (tx) => apply(tx, [upper]))).toBe(true);
      expect(await consumeOnce(port.db, schema, 'c', shouting, (tx) => apply(tx, [shouting]))).toBe(false);
    });

    it('keeps rows whose publish failed and retries them with back-off', async () => {
      const schema = await serviceSchema();
      const memory = createMemoryBus();
      const { bus, published, control } = recordingBus(memory);
      control.failNext = 3;
      const envelopes = await writeEvents(schema, 5);
      const received: string[] = [];
      await memory.subscribe({
        durable: uniqueName('received'),
        event: orderPlaced,
        handle: (envelope) => {
          received.push(envelope.id);
          return Promise.resolve();
        },
      });
      const relay = new OutboxRelay({
        db: port.db,
        schema,
        bus,
        pollIntervalMs: 1_000,
        retryInitialMs: 20,
        retryMaxMs: 50,
      });
      relay.start();
      await waitFor(async () => (await undispatched(schema)) === 0, 5_000);
      await relay.stop();
      // A batch goes out at once, so the events after the failed ones may have gone out on the
      // first attempt; they are sent again with the rest (consumers take events out of order
      // anyway: a nak'd event is redelivered after later ones). The broker keeps one of each.
      const ids = envelopes.map((e) => e.id);
      expect(new Set(published)).toEqual(new Set(ids));
      expect(published.slice(-ids.length)).toEqual(ids);
      await waitFor(() => received.length >= ids.length, 5_000);
      await sleep(50);
      expect(received.toSorted()).toEqual(ids.toSorted());
      await memory.close();
    });

    it('sends a batch at once and awaits its acks together, not one round trip per event', async () => {
      const schema = await serviceSchema();
      const memory = createMemoryBus();
      let inFlight = 0;
      let mostInFlight = 0;
      const bus: Pick<EventBus, 'publish'> = {
        async publish(envelope) {
          inFlight += 1;
          mostInFlight = Math.max(mostInFlight, inFlight);
          await sleep(5);
          await memory.publish(envelope);
          inFlight -= 1;
        },
      };
      await writeEvents(schema, 10);
      expect(await new OutboxRelay({ db: port.db, schema, bus }).publishPending()).toBe(10);
      expect(mostInFlight).toBe(10);
      await memory.close();
    });

    it('shares the work between concurrent relays without publishing a row twice', async () => {
      const schema = await serviceSchema();
      const memory = createMemoryBus();
      const { bus, published, control } = recordingBus(memory);
      control.delayMs = 1;
      await writeEvents(schema, 40);
      const relays = [1, 2, 3].map(
        () => new OutboxRelay({ db: port.db, schema, bus, pollIntervalMs: 10, batchSize: 5 }),
      );
      relays.forEach((relay) => relay.start());
      await waitFor(async () => (await undispatched(schema)) === 0, 10_000);
      await Promise.all(relays.map((relay) => relay.stop()));
      expect(published).toHaveLength(40);
      expect(new Set(published).size).toBe(40);
      await memory.close();
    });

    it('prunes dispatched outbox rows and old inbox entries, never undispatched rows', async () => {
      const schema = await serviceSchema();
      const memory = createMemoryBus();
      const [first] = await writeEvents(schema, 1);
      await new OutboxRelay({ db: port.db, schema, bus: memory }).publishPending();
      await consumeOnce(port.db, schema, 'c', first!, () => Promise.resolve());
      await writeEvents(schema, 1, 1);
      await pruneEventTables(port.db, schema, new Date(Date.now() + 60_000));
      expect(await queryRows(port.db, sql.raw(`select id from "${schema}".outbox`))).toHaveLength(1);
      expect(await undispatched(schema)).toBe(1);
      expect(await queryRows(port.db, sql.raw(`select 1 from "${schema}".inbox`))).toHaveLength(0);
      await memory.close();
    });

    it('stop lets the batch in flight finish and mark what it published', async () => {
      const schema = await serviceSchema();
      const memory = createMemoryBus();
      const { bus, published, control } = recordingBus(memory);
      control.delayMs = 20;
      await writeEvents(schema, 10);
      const relay = new OutboxRelay({ db: port.db, schema, bus, batchSize: 10 });
      relay.start();
      await waitFor(() => published.length > 0);
      await relay.stop();
      expect(published).toHaveLength(10);
      expect(await undispatched(schema)).toBe(0);
      await memory.close();
    });
  });
}

outboxContract('postgres', async () => {
  const database = await createTestDatabase('outbox');
  return { port: database.port, dispose: () => database.drop() };
});

outboxContract('pglite', async () => {
  const port = await openPglite();
  return { port, dispose: () => port.close() };
});
