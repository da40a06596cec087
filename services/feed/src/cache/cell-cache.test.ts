import { describe, expect, it } from 'vitest';
import type { PostView } from '../domain/views';
import { CellCache } from './cell-cache';
import type { CellEntry } from './cell-cache';

function view(id: string): PostView {
  return {
    id,
    content: id,
    authorId: 'a',
    authorName: 'A',
    authorInitials: 'A',
    hashtags: [],
    likes: 0,
    reactions: {},
    commentCount: 0,
    latitude: 0,
    longitude: 0,
    locationName: null,
    createdAt: new Date(0),
    expiresAt: new Date(1),
  };
}

/** A cache over a fake loader that records its calls and can be held open. */
function setUp(options: { ttlMs?: number; maxCells?: number } = {}) {
  let now = 0;
  let version = 0;
  const calls: number[][] = [];
  let gate: Promise<void> | undefined;
  const cache = new CellCache({
    ttlMs: options.ttlMs ?? 1000,
    maxCells: options.maxCells ?? 100,
    nowMs: () => now,
    load: async (cells) => {
      calls.push([...cells]);
      const loadedVersion = (version += 1);
      await gate;
      return new Map<number, CellEntry>(
        cells.map((cell) => [cell, { views: [view(`${cell}@${loadedVersion}`)], complete: true }]),
      );
    },
  });
  return {
    cache,
    calls,
    advance: (ms: number) => (now += ms),
    hold: () => {
      let release!: () => void;
      gate = new Promise((resolve) => (release = resolve));
      return () => {
        gate = undefined;
        release();
      };
    },
  };
}

const ids = (entries: Map<number, CellEntry>) =>
  [...entries.entries()].map(([cell, e]) => `${cell}:${e.views[0]!.id}`);

describe('CellCache', () => {
  it('reuses cells for the TTL, then serves them while refreshing, and waits once they are twice as old', async () => {
    const { cache, calls, advance } = setUp();
    await cache.get([1, 2, 3]);
    await cache.get([2, 3, 4]);
    expect(calls).toEqual([[1, 2, 3], [4]]);
    advance(999);
    expect(ids(await cache.get([1]))).toEqual(['1:1@1']);
    expect(calls).toHaveLength(2);

    advance(2); // 1 001 ms: stale, served at once, refreshed behind
    expect(ids(await cache.get([1]))).toEqual(['1:1@1']);
    await new Promise((resolve) => setImmediate(resolve));
    await Promise.resolve();
    expect(calls).toEqual([[1, 2, 3], [4], [1]]);
    expect(ids(await cache.get([1]))).toEqual(['1:1@3']);

    advance(2_000); // cells 2 and 3 are now more than two TTLs old: the request waits for them
    expect(ids(await cache.get([2, 3]))).toEqual(['2:2@4', '3:3@4']);
  });

  it('loads the misses of concurrent requests in one query', async () => {
    const { cache, calls } = setUp();
    const [first, second] = await Promise.all([cache.get([7, 8]), cache.get([8, 9])]);
    expect(ids(first)).toEqual(['7:7@1', '8:8@1']);
    expect(ids(second).sort()).toEqual(['8:8@1', '9:9@1']);
    expect(calls).toEqual([[7, 8, 9]]);
  });

  it('lets a later request wait for a cell already being loaded', async () => {
    const { cache, calls, hold } = setUp();
    const release = hold();
    const first = cache.get([7, 8]);
    await new Promise((resolve) => setImmediate(resolve)); // the first load has gone out
    const second = cache.get([8, 9]);
    release();
    expect(ids(await first)).toEqual(['7:7@1', '8:8@1']);
    expect(ids(await second).sort()).toEqual(['8:8@1', '9:9@2']);
    expect(calls).toEqual([[7, 8], [9]]);
  });

  it('does not keep a load its cell was cleared during (a write committed meanwhile)', async () => {
    const { cache, calls, hold } = setUp();
    const release = hold();
    const before = cache.get([5]);
    cache.invalidateCell(5);
    release();
    expect(ids(await before)).toEqual(['5:5@1']);
    expect(ids(await cache.get([5]))).toEqual(['5:5@2']);
    expect(calls).toHaveLength(2);
  });

  it('clears by cell, by post and entirely', async () => {
    const { cache, calls } = setUp();
    await cache.get([1, 2]);
    cache.invalidatePost('2@1');
    await cache.get([1, 2]);
    expect(calls).toEqual([[1, 2], [2]]);
    cache.invalidateCell(1);
    await cache.get([1, 2]);
    expect(calls.at(-1)).toEqual([1]);
    cache.clear();
    expect(cache.size).toBe(0);
  });

  it('evicts the least recently used cells beyond its size', async () => {
    const { cache, calls } = setUp({ maxCells: 2 });
    await cache.get([1]);
    await cache.get([2]);
    await cache.get([1]); // 1 is now the most recent
    await cache.get([3]); // evicts 2
    await cache.get([1, 2]);
    expect(calls).toEqual([[1], [2], [3], [2]]);
    expect(cache.size).toBe(2);
  });

  it('keeps the objects of posts a refresh finds unchanged, and takes the new ones of changed posts', async () => {
    let now = 0;
    let likes = 0;
    const cache = new CellCache({
      ttlMs: 1000,
      maxCells: 10,
      nowMs: () => now,
      load: (cells) =>
        Promise.resolve(
          new Map(
            cells.map((cell) => [cell, { views: [view('a'), { ...view('b'), likes }], complete: true }]),
          ),
        ),
    });
    const first = (await cache.get([1])).get(1)!;
    now += 2500; // too old to serve: the next get waits for a fresh load
    const unchanged = (await cache.get([1])).get(1)!;
    expect(unchanged).toBe(first);
    likes = 3;
    now += 2500;
    const changed = (await cache.get([1])).get(1)!;
    expect(changed.views[0]).toBe(first.views[0]);
    expect(changed.views[1]).not.toBe(first.views[1]);
    expect(changed.views[1]!.likes).toBe(3);
  });

  it('passes a failed load on and does not remember it', async () => {
    let fail = true;
    const cache = new CellCache({
      ttlMs: 1000,
      maxCells: 10,
      load: (cells) =>
        fail
          ? Promise.reject(new Error('database down'))
          : Promise.resolve(new Map(cells.map((cell) => [cell, { views: [], complete: true }]))),
    });
    await expect(cache.get([1])).rejects.toThrow('database down');
    fail = false;
    expect((await cache.get([1])).get(1)).toEqual({ views: [], complete: true });
  });
});
