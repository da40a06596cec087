import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Migration } from '../ports';

/**
 * Reads `*.sql` files of a folder as migrations named by file name without `.sql`
 * (e.g. `new URL('./migrations/', import.meta.url)` → `0001_init`).
 */
export function loadMigrations(dirUrl: URL): Migration[] {
  const dir = fileURLToPath(dirUrl);
  return readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .sort()
    .map((file) => ({ name: file.slice(0, -'.sql'.length), sql: readFileSync(join(dir, file), 'utf8') }));
}
