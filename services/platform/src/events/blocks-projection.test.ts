import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite } from '../db/pglite';
import { queryRows } from '../db/query-rows';
import type { DatabasePort } from '../ports';
import { createTestDatabase, sleep, uniqueName } from '../testing';
import { BlocksProjection, TOMBSTONE_KEPT_MS } from './blocks-projection';
import type { BlockPair } from './blocks-projection';
import { ErasedPeople } from './erased-people';

// The tables each service's migration creates (feed, messaging, notification: 0007).
const TABLES = `
  create table blocks (
    blocker_id uuid not null, blocked_id uuid not null,
    blocked_at timestamptz not null default '-infinity',
    primary key (blocker_id, blocked_id));
  create table block_tombstones (
    blocker_id uuid not null, blocked_id uuid not null, unblocked_at timestamptz not null,
    primary key (blocker_id, blocked_id));
  create table erased_people (user_id uuid primary key, erased_at timestamptz not null);`;

const at = (second: number) => new Date(Date.UTC(2026, 2, 2, 9, 0, second));
const pair = () => ({ blockerId: randomUUID(), blockedId: randomUUID() });

function blocksContract(
  name: string,
  open: () => Promise<{ port: DatabasePort; dispose: () => Promise<void> }>,
  concurrent: boolean,
) {
  describe(`BlocksProjection: ${name}`, () => {
    let port: DatabasePort;
    let dispose: () => Promise<void>;
    let schema: string;
    beforeAll(async () => {
      ({ port, dispose } = await open());
      schema = uniqueName('blocks');
      await port.migrate(schema, [{ name: '0001_blocks', sql: TABLES }]);
    });
    afterAll(() => dispose());

    /** Applies one event in its own transaction, as the inbox does. */
    const apply = (kind: 'block' | 'unblock', p: ReturnType<typeof pair>, when: Date) =>
      port.db.transaction((tx) => new BlocksProjection(tx, schema)[kind](p, when));
    /** Whether `table` (blocks or block_tombstones) holds a row for the pair. */
    const holds = async (table: 'blocks' | 'block_tombstones', p: ReturnType<typeof pair>) =>
      (
        await queryRows(
          port.db,
          sql`select 1 from ${sql.raw(`"${schema}".${table}`)}
               where blocker_id = ${p.blockerId}::uuid and blocked_id = ${p.blockedId}::uuid`,
        )
      ).length > 0;
    const blocked = (p: ReturnType<typeof pair>) => holds('blocks', p);

    it('ends unblocked when the unblock is applied before the older block', async () => {
      const p = pair();
      await apply('unblock', p, at(2));
      expect(await apply('block', p, at(1))).toBe(false);
      expect(await blocked(p)).toBe(false);
    });

    it('ends blocked when the block is applied before the older unblock (none lost)', async () => {
      const p = pair();
      await apply('block', p, at(1));
      await apply('unblock', p, at(2));
      await apply('block', p, at(3));
      expect(await blocked(p)).toBe(true);
      // The unblock at 2 delivered again after the re-block at 3 changes nothing.
      expect(await apply('unblock', p, at(2))).toBe(false);
      expect(await blocked(p)).toBe(true);
    });

    it('keeps an old block, delivered again after a newer unblock, from coming back', async () => {
      const p = pair();
      await apply('block', p, at(1));
      expect(await apply('unblock', p, at(2))).toBe(true);
      expect(await apply('block', p, at(1))).toBe(false);
      expect(await blocked(p)).toBe(false);
    });

    it('lets a block and an unblock of the same instant end blocked, whichever comes first', async () => {
      const first = pair();
      await apply('block', first, at(5));
      await apply('unblock', first, at(5));
      const second = pair();
      await apply('unblock', second, at(5));
      await apply('block', second, at(5));
      expect([await blocked(first), await blocked(second)]).toEqual([true, true]);
    });

    it('removes a block from before the migration (time unknown) on any unblock', async () => {
      const p = pair();
      await queryRows(
        port.db,
        sql`insert into ${sql.raw(`"${schema}".blocks`)} values (${p.blockerId}::uuid, ${p.blockedId}::uuid)`,
      );
      await apply('unblock', p, at(1));
      expect(await blocked(p)).toBe(false);
    });

    it('forgets an unblock 30 days on, when a later unblock sweeps the tombstones', async () => {
      const old = pair();
      const recent = pair();
      const tombstone = (p: ReturnType<typeof pair>) => holds('block_tombstones', p);
      await apply('unblock', old, at(1));
      await apply('unblock', recent, new Date(at(1).getTime() + TOMBSTONE_KEPT_MS));
      expect(await tombstone(old)).toBe(true); // exactly 30 days: still kept
      await apply('unblock', pair(), new Date(at(2).getTime() + TOMBSTONE_KEPT_MS));
      expect(await tombstone(old)).toBe(false);
      expect(await tombstone(recent)).toBe(true);
    });

    it('erases a person’s blocks and tombstones, either side', async () => {
      const person = randomUUID();
      const other = randomUUID();
      await apply('block', { blockerId: person, blockedId: other }, at(1));
      await apply('unblock', { blockerId: other, blockedId: person }, at(1));
      await port.db.transaction((tx) => new BlocksProjection(tx, schema).eraseUser(person));
      for (const table of ['blocks', 'block_tombstones'])
        expect(
          await queryRows(
            port.db,
            sql`select 1 from ${sql.raw(`"${schema}".${table}`)}
                 where blocker_id = ${person}::uuid or blocked_id = ${person}::uuid`,
          ),
        ).toEqual([]);
    });

    it('with guardErased, writes nothing naming an erased account from a late block or unblock', async () => {
      const [erased, other, kept] = [randomUUID(), randomUUID(), pair()];
      await port.db.transaction((tx) => new ErasedPeople(tx, schema).remember(erased, at(5)));
      const late = (kind: 'block' | 'unblock', p: BlockPair) =>
        port.db.transaction((tx) => new BlocksProjection(tx, schema, { guardErased: true })[kind](p, at(1)));
      expect(await late('block', { blockerId: erased, blockedId: other })).toBe(false);
      expect(await late('block', { blockerId: other, blockedId: erased })).toBe(false);
      await late('unblock', { blockerId: erased, blockedId: other });
      expect(await blocked({ blockerId: erased, blockedId: other })).toBe(false);
      expect(await blocked({ blockerId: other, blockedId: erased })).toBe(false);
      expect(await holds('block_tombstones', { blockerId: erased, blockedId: other })).toBe(false);
      // Living people are unaffected by the guard; without it the late block is written.
      expect(await late('block', kept)).toBe(true);
      expect(await apply('block', { blockerId: erased, blockedId: other }, at(1))).toBe(true);
    });

    // Two connections at once: PostgreSQL only (PGlite, embedded mode, serves one at a time).
    if (concurrent)
      it('does not let a block and a newer unblock applied at the same moment miss each other', async () => {
        const p = pair();
        // The block's transaction stays open while the unblock runs: without the pair's lock the
        // unblock would not see the uncommitted row and the block would stay.
        const blocking = port.db.transaction(async (tx) => {
          await new BlocksProjection(tx, schema).block(p, at(1));
          await sleep(300);
        });
        await sleep(50);
        await Promise.all([blocking, apply('unblock', p, at(2))]);
        expect(await blocked(p)).toBe(false);
      });
  });
}

blocksContract(
  'PostgreSQL',
  async () => {
    const database = await createTestDatabase('blocks');
    return { port: database.port, dispose: () => database.drop() };
  },
  true,
);

blocksContract(
  'PGlite',
  async () => {
    const port = await openPglite();
    return { port, dispose: () => port.close() };
  },
  false,
);
