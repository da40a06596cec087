import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoadJs } from '../../load-tests/audit/first-load';
import { ensureWebBuilt } from './server';

// SAATHI_WEB_DIST: a build kept apart from web/dist (as web/e2e/server.ts).
const dist =
  process.env.SAATHI_WEB_DIST ?? path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist');

// At most 120 KB of compressed JavaScript before `/auth` or `/` can run (issue 14). react-dom
// alone is ≈ 55 KB of brotli, so there is little room: zod stays off (the web calls routes
// through zod-free references, forms load their schemas when used) and so does the toast library.
// Lower the ceiling as the first load shrinks, never raise it.
const CEILING_BYTES = 120 * 1024;
const GOAL_BYTES = 120 * 1024;

describe('first-load JavaScript budget (measured from the build)', () => {
  ensureWebBuilt();

  it.each([
    ['/auth', 'auth-page'],
    ['/', 'home-page'],
  ])('%s stays under its compressed ceiling', (_label, page) => {
    const load = firstLoadJs(dist, page);
    expect(load.files.length).toBeGreaterThan(1);
    expect(load.brotliBytes).toBeLessThanOrEqual(CEILING_BYTES);
    expect(CEILING_BYTES).toBeGreaterThanOrEqual(GOAL_BYTES);
  });

  it('keeps heavy libraries off the first load: the QR code, the location picker and zod load where they are used', () => {
    const files = new Set([...firstLoadJs(dist, 'auth-page').files, ...firstLoadJs(dist, 'home-page').files]);
    const allFiles = readdirSync(path.join(dist, 'assets')).filter((file) => file.endsWith('.js'));
    const holding = (marker: string) =>
      allFiles.filter((file) => readFileSync(path.join(dist, 'assets', file), 'utf8').includes(marker));
    // qrcode's own error text, the location picker dialog's and zod's error class name: all in the
    // build, all off the first load.
    for (const marker of ['Invalid QR Code version', 'Use This Location', '$ZodError']) {
      const chunks = holding(marker);
      expect(chunks.length, marker).toBeGreaterThan(0);
      expect(
        chunks.filter((file) => files.has(`assets/${file}`)),
        marker,
      ).toEqual([]);
    }
  });
});
