import { describe, expect, it } from 'vitest';
import { ViewerExclusions } from './viewer-exclusions';

function exclusionsAt(start = 0, options: { ttlMs?: number; maxViewers?: number } = {}) {
  let now = start;
  const cache = new ViewerExclusions({
    ttlMs: options.ttlMs ?? 30_000,
    quietMs: 10_000,
    maxViewers: options.maxViewers ?? 100,
    nowMs: () => now,
  });
  return { cache, advance: (ms: number) => (now += ms) };
}

const lists = { authors: ['blocked-author'], posts: ['reported-post'] };

describe('ViewerExclusions', () => {
  it('remembers a viewer’s lists until the TTL', () => {
    const { cache, advance } = exclusionsAt(100_000);
    cache.remember('viewer', lists, cache.now());
    expect(cache.get('viewer')).toEqual(lists);
    advance(29_999);
    expect(cache.get('viewer')).toEqual(lists);
    advance(1);
    expect(cache.get('viewer')).toBeUndefined();
  });

  it('forgets both people of a change at once and keeps no read that may have missed it', () => {
    const { cache, advance } = exclusionsAt(100_000);
    cache.remember('asha', lists, cache.now());
    cache.remember('ravi', lists, cache.now());
    const readBefore = cache.now();
    advance(5);
    cache.changed('asha', 'ravi');
    expect(cache.get('asha')).toBeUndefined();
    expect(cache.get('ravi')).toBeUndefined();
    // A read that started before the change, or within the quiet time after it, is not kept.
    cache.remember('asha', lists, readBefore);
    advance(9_000);
    cache.remember('ravi', lists, cache.now());
    expect(cache.get('asha')).toBeUndefined();
    expect(cache.get('ravi')).toBeUndefined();
    // Once the projection has had the quiet time, a fresh read is kept again.
    advance(1_006);
    cache.remember('asha', { authors: [], posts: [] }, cache.now());
    expect(cache.get('asha')).toEqual({ authors: [], posts: [] });
  });

  it('keeps at most maxViewers, dropping the oldest', () => {
    const { cache } = exclusionsAt(100_000, { maxViewers: 2 });
    for (const viewer of ['a', 'b', 'c']) cache.remember(viewer, lists, cache.now());
    expect(cache.get('a')).toBeUndefined();
    expect(cache.get('b')).toEqual(lists);
    expect(cache.get('c')).toEqual(lists);
  });
});
