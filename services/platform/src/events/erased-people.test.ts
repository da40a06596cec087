import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite';
import { queryRows } from '../db/query-rows';
import type { DatabasePort } from '../ports';
import { createTestDatabase, sleep, uniqueName } from '../testing';
import { ERASED_PEOPLE_KEPT_MS, ErasedPeople } from './erased-people';

// The table each service's migration creates (messaging 0012, notification 0009), and a
// projection it guards.
const TABLES = `
  create table erased_people (user_id uuid primary key, erased_at timestamptz not null);
  create table names (user_id uuid primary key, name text not null);`;

const at = (day: number) => new Date(Date.UTC(2026, 2, 1 + day, 9));

function erasedPeopleContract(
  name: string,
  open: () => Promise<{ port: DatabasePort; dispose: () => Promise<void> }>,
  concurrent: boolean,
) {
  describe(`ErasedPeople: ${name}`, () => {
    let port: DatabasePort;
    let dispose: () => Promise<void>;
    let schema: string;
    beforeAll(async () => {
      ({ port, dispose } = await open());
      schema = uniqueName('erased');
      await port.migrate(schema, [{ name: '0001_erased', sql: TABLES }]);
    });
    afterAll(() => dispose());

    const erase = (userId: string, when = at(0)) =>
      port.db.transaction(async (tx) => {
        await new ErasedPeople(tx, schema).remember(userId, when);
        await queryRows(tx, sql`delete from ${sql.raw(`"${schema}".names`)} where user_id = ${userId}::uuid`);
      });
    /** A projection write as a late event would make it: guarded in its own statement. */
    const project = (userId: string) =>
      port.db.transaction(async (tx) => {
        const erased = new ErasedPeople(tx, schema);
        await erased.hold([userId]);
        await queryRows(
          tx,
          sql`insert into ${sql.raw(`"${schema}".names`)} (user_id, name)
              select ${userId}::uuid, 'Vera' where ${erased.notErased(sql`${userId}::uuid`)}
              on conflict (user_id) do nothing`,
        );
      });
    const named = async (userId: string) =>
      (
        await queryRows(
          port.db,
          sql`select 1 from ${sql.raw(`"${schema}".names`)} where user_id = ${userId}::uuid`,
        )
      ).length > 0;
    const remembered = async (userId: string) =>
      (
        await queryRows(
          port.db,
          sql`select 1 from ${sql.raw(`"${schema}".erased_people`)} where user_id = ${userId}::uuid`,
        )
      ).length > 0;

    it('keeps a write that comes after the erasure from naming the person again', async () => {
      const vera = randomUUID();
      const farah = randomUUID();
      await project(vera);
      await erase(vera);
      await project(vera);
      await project(farah);
      expect([await named(vera), await named(farah)]).toEqual([false, true]);
    });

    it('tells which of several people are erased, and is idempotent', async () => {
      const vera = randomUUID();
      const farah = randomUUID();
      await erase(vera);
      await erase(vera);
      const found = await port.db.transaction((tx) =>
        new ErasedPeople(tx, schema).erasedAmong([farah, vera, vera]),
      );
      expect([...found]).toEqual([vera]);
    });

    it('writes the living among several people in one statement, each once', async () => {
      const [vera, farah, omar] = [randomUUID(), randomUUID(), randomUUID()];
      await erase(vera);
      const insertLiving = (userIds: string[]) =>
        port.db.transaction(async (tx) => {
          const erased = new ErasedPeople(tx, schema);
          await erased.hold(userIds);
          await queryRows(
            tx,
            sql`insert into ${sql.raw(`"${schema}".names`)} (user_id, name)
                select live.user_id, 'member' from (${erased.living(userIds)}) as live`,
          );
        });
      await insertLiving([farah, vera, omar, farah]);
      await insertLiving([]);
      expect([await named(vera), await named(farah), await named(omar)]).toEqual([false, true, true]);
    });

    it('forgets an id ERASED_PEOPLE_KEPT_MS after its erasure, not before', async () => {
      const old = randomUUID();
      const recent = randomUUID();
      await erase(old, at(0));
      await erase(recent, at(1));
      const erased = new ErasedPeople(port.db, schema);
      await erased.prune(new Date(at(0).getTime() + ERASED_PEOPLE_KEPT_MS));
      expect(await remembered(old)).toBe(true); // exactly the period: still kept
      await erased.prune(new Date(at(0).getTime() + ERASED_PEOPLE_KEPT_MS + 60_000));
      expect([await remembered(old), await remembered(recent)]).toEqual([false, true]);
    });

    // Two connections at once: PostgreSQL only (PGlite, embedded mode, serves one at a time).
    if (concurrent)
      it('makes an erasure wait for a write under way, then delete what it wrote', async () => {
        const vera = randomUUID();
        // The write's transaction stays open while the erasure runs: without the lock the
        // erasure's delete would not see the uncommitted row, and it would stay.
        const writing = port.db.transaction(async (tx) => {
          const erased = new ErasedPeople(tx, schema);
          await erased.hold([vera]);
          await queryRows(
            tx,
            sql`insert into ${sql.raw(`"${schema}".names`)} (user_id, name)
                select ${vera}::uuid, 'Vera' where ${erased.notErased(sql`${vera}::uuid`)}`,
          );
          await sleep(300);
        });
        await sleep(50);
        await Promise.all([writing, erase(vera)]);
        expect(await named(vera)).toBe(false);
      });
  });
}

erasedPeopleContract(
  'PostgreSQL',
  async () => {
    const database = await createTestDatabase('erased');
    return { port: database.port, dispose: () => database.drop() };
  },
  true,
);

erasedPeopleContract(
  'PGlite',
  async () => {
    const port = await openPglite();
    return { port, dispose: () => port.close() };
  },
  false,
);
