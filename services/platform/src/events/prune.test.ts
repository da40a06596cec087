import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite';
import { queryRows } from '../db/query-rows';
import type { DatabasePort } from '../ports';
import { createTestDatabase, uniqueName } from '../testing';
import { eventTablesMigration, eventTablesMigrations } from './event-tables';
import { pruneBatchStatement, pruneEventTables } from './prune';

/** Logs every delete statement on the event tables: which table, its transaction, how many rows. */
const deleteLog = (schema: string) => `
  create table prune_log (seq serial primary key, tbl text not null, tx bigint not null, n int not null);
  create function log_prune() returns trigger language plpgsql as $$
  begin
    insert into "${schema}".prune_log (tbl, tx, n) select tg_table_name, txid_current(), count(*) from gone;
    return null;
  end $$;
  create trigger outbox_prune_log after delete on outbox referencing old table as gone
    for each statement execute function log_prune();
  create trigger inbox_prune_log after delete on inbox referencing old table as gone
    for each statement execute function log_prune();
`;

function pruneContract(
  name: string,
  open: () => Promise<{ port: DatabasePort; dispose: () => Promise<void> }>,
) {
  describe(`event tables prune: ${name}`, () => {
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
        ...eventTablesMigrations(schema),
        { name: '0001_log', sql: deleteLog(schema) },
      ]);
      return schema;
    }

    /** `count` rows in the outbox and the inbox, dispatched or processed `age` ago (null: not dispatched). */
    async function seed(schema: string, count: number, age: string, dispatched = true) {
      const t = (table: string) => sql.raw(`"${schema}".${table}`);
      const at = sql`now() - ${age}::interval`;
      await queryRows(
        port.db,
        sql`insert into ${t('outbox')} (id, type, payload, created_at, dispatched_at)
            select gen_random_uuid(), 'shop.order.placed.v1', '{}'::jsonb, ${at}, ${dispatched ? at : null}
              from generate_series(1, ${count}::int)`,
      );
      if (dispatched)
        await queryRows(
          port.db,
          sql`insert into ${t('inbox')} (consumer, event_id, processed_at)
              select 'c', gen_random_uuid(), ${at} from generate_series(1, ${count}::int)`,
        );
    }

    const count = async (schema: string, table: string) =>
      (await queryRows(port.db, sql.raw(`select 1 from "${schema}".${table}`))).length;

    it('deletes a backlog in batches of the given size, each its own statement and transaction', async () => {
      const schema = await serviceSchema();
      await seed(schema, 25, '10 days');
      await seed(schema, 2, '1 hour');
      await seed(schema, 3, '10 days', false);

      await pruneEventTables(port.db, schema, new Date(Date.now() - 86_400_000), { batchSize: 10 });

      // What is left: the recent rows, and every undispatched one however old.
      expect(await count(schema, 'outbox')).toBe(5);
      expect(
        await queryRows(port.db, sql.raw(`select 1 from "${schema}".outbox where dispatched_at is null`)),
      ).toHaveLength(3);
      expect(await count(schema, 'inbox')).toBe(2);
      const log = await queryRows<{ tbl: string; tx: string; n: number }>(
        port.db,
        sql.raw(`select tbl, tx::text as tx, n from "${schema}".prune_log order by seq`),
      );
      for (const table of ['outbox', 'inbox']) {
        const statements = log.filter((entry) => entry.tbl === table);
        expect(statements.map((entry) => entry.n)).toEqual([10, 10, 5]);
        expect(new Set(statements.map((entry) => entry.tx)).size).toBe(3);
      }
    });

    it('stops after an empty batch when the backlog is a multiple of the batch size', async () => {
      const schema = await serviceSchema();
      await seed(schema, 20, '10 days');
      await pruneEventTables(port.db, schema, new Date(), { batchSize: 10 });
      expect(await count(schema, 'outbox')).toBe(0);
      expect(await count(schema, 'inbox')).toBe(0);
      const log = await queryRows<{ n: number }>(
        port.db,
        sql.raw(`select n from "${schema}".prune_log where tbl = 'outbox' order by seq`),
      );
      expect(log.map((entry) => entry.n)).toEqual([10, 10, 0]);
    });

    it('refuses a batch size that would never finish', async () => {
      const schema = await serviceSchema();
      await expect(pruneEventTables(port.db, schema, new Date(), { batchSize: 0 })).rejects.toThrow(
        'invalid prune batch size',
      );
    });

    it('finds the rows of a batch through the prune indexes, not by reading the whole table', async () => {
      const schema = await serviceSchema();
      await seed(schema, 5, '10 days');
      for (const [table, index] of [
        ['outbox', 'outbox_dispatched_idx'],
        ['inbox', 'inbox_processed_idx'],
      ] as const) {
        const plan = await port.db.transaction(async (tx) => {
          // The tables are tiny here, where reading them whole is cheapest: forbid that to see
          // whether the index can serve the batch, as it will on a table of any real size.
          await tx.execute(sql`set local enable_seqscan = off`);
          const statement = pruneBatchStatement(schema, table, new Date(), 1000);
          return queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${statement}`);
        });
        expect(plan.map((line) => line['QUERY PLAN']).join('\n')).toContain(index);
      }
    });

    it('adds the prune indexes to event tables created before them', async () => {
      const schema = uniqueName('svc');
      await port.migrate(schema, [eventTablesMigration(schema)]);
      await port.migrate(schema, eventTablesMigrations(schema));
      const indexes = await queryRows<{ indexname: string; indexdef: string }>(
        port.db,
        sql`select indexname, indexdef from pg_indexes where schemaname = ${schema}`,
      );
      const definitions = Object.fromEntries(indexes.map((row) => [row.indexname, row.indexdef]));
      expect(definitions.outbox_dispatched_idx).toMatch(
        /\(dispatched_at\) WHERE \(dispatched_at IS NOT NULL\)/,
      );
      expect(definitions.inbox_processed_idx).toMatch(/\(processed_at\)$/);
    });
  });
}

pruneContract('postgres', async () => {
  const database = await createTestDatabase('prune');
  return { port: database.port, dispose: () => database.drop() };
});

pruneContract('pglite', async () => {
  const port = await openPglite();
  return { port, dispose: () => port.close() };
});
