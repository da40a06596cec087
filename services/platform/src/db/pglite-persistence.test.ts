import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'drizzle-orm';
import { afterAll, expect, it } from 'vitest';
import { loadMigrations } from './load-migrations';
import { openPglite } from './pglite';
import { queryRows } from './query-rows';
import { sharedHandle } from './shared-handle';

const dir = mkdtempSync(join(tmpdir(), 'pglite-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('loads *.sql migrations of a folder in name order', () => {
  const migrations = join(dir, 'migrations');
  mkdirSync(migrations);
  writeFileSync(join(migrations, '0002_b.sql'), 'select 2;');
  writeFileSync(join(migrations, '0001_a.sql'), 'select 1;');
  writeFileSync(join(migrations, 'notes.md'), 'not a migration');
  expect(loadMigrations(pathToFileURL(`${migrations}/`))).toEqual([
    { name: '0001_a', sql: 'select 1;' },
    { name: '0002_b', sql: 'select 2;' },
  ]);
});

it('keeps data in its data dir across reopening, and a shared handle does not close the owner', async () => {
  const dataDir = join(dir, 'data');
  const owner = await openPglite(dataDir);
  const lent = sharedHandle(owner);
  await lent.migrate('app', [
    { name: '0001_init', sql: "create table notes (body text); insert into notes values ('kept');" },
  ]);
  await lent.close();
  await owner.ping();
  await owner.close();

  const reopened = await openPglite(dataDir);
  try {
    await reopened.migrate('app', [{ name: '0001_init', sql: 'select 1/0;' }]);
    expect(await queryRows(reopened.db, sql`select body from app.notes`)).toEqual([{ body: 'kept' }]);
    const [row] = await queryRows(
      reopened.db,
      sql`select earth_distance(ll_to_earth(0, 0), ll_to_earth(0, 0)) as d`,
    );
    expect(row).toEqual({ d: 0 });
  } finally {
    await reopened.close();
  }
});
