import { describe, expect, it } from 'vitest';
import type { SessionRow, UserRow } from '../db/schema';
import { SessionCache } from './session-cache';

const entry = { session: { sid: 's1' } as SessionRow, user: { id: 'u1' } as UserRow };

describe('SessionCache', () => {
  it('reuses a lookup until its time is up', () => {
    let now = 0;
    const cache = new SessionCache(1000, { now: () => new Date(now) });
    cache.set('s1', entry, cache.readStarted());
    now = 999;
    expect(cache.get('s1')).toBe(entry);
    now = 1000;
    expect(cache.get('s1')).toBeUndefined();
  });

  it('forgets everything on clear (any session or user write)', () => {
    const cache = new SessionCache(60_000, { now: () => new Date(0) });
    cache.set('s1', entry, cache.readStarted());
    cache.clear();
    expect(cache.get('s1')).toBeUndefined();
  });

  it('stores nothing when turned off and stays bounded', () => {
    const off = new SessionCache(0, { now: () => new Date(0) });
    off.set('s1', entry, off.readStarted());
    expect(off.get('s1')).toBeUndefined();
    const small = new SessionCache(60_000, { now: () => new Date(0) }, 2);
    small.set('a', entry, small.readStarted());
    small.set('b', entry, small.readStarted());
    small.set('c', entry, small.readStarted());
    expect(small.get('a')).toBeUndefined();
    expect(small.get('c')).toBe(entry);
  });

  it('does not keep a lookup that was read before a clear (a write raced it)', () => {
    const cache = new SessionCache(60_000, { now: () => new Date(0) });
    const readStarted = cache.readStarted();
    cache.clear(); // e.g. the email is verified while this request reads the old user row
    cache.set('s1', entry, readStarted);
    expect(cache.get('s1')).toBeUndefined();
    cache.set('s1', entry, cache.readStarted());
    expect(cache.get('s1')).toBe(entry);
  });
});
