import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from './query-client';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe('query keys', () => {
  it('are tuples naming what is cached, never URLs (no default query function fetches a key)', () => {
    expect(createQueryClient().getDefaultOptions().queries?.queryFn).toBeUndefined();
    const urlKeys = sourceFiles(SRC).flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) =>
          /\[\s*['"`]\/api\b/.test(line) ? [`${path.relative(SRC, file)}:${i + 1}`] : [],
        ),
    );
    expect(urlKeys, 'a key that starts with a path; name it, e.g. ["conversations", id]').toEqual([]);
  });
});
