import { describe, expect, it } from 'vitest';
import type { ErasedPeople } from '@saathi/platform';
import type { RetentionRepository } from '../db/retention';
import { fake, fakeClock } from '../testing/fake-core';
import { applyRetentionPolicy, forgetErasedPeople } from './retention';

describe('moderation’s upkeep', () => {
  it('applies the retention and forgets erased ids as of the service clock', async () => {
    const at = new Date('2026-06-01T12:00:00.000Z');
    const asked: Date[] = [];
    await applyRetentionPolicy({
      clock: fakeClock(at),
      retention: fake<RetentionRepository>({ apply: (now: Date) => Promise.resolve(void asked.push(now)) }),
    });
    const forgotten = await forgetErasedPeople({
      clock: fakeClock(at),
      erasedPeople: fake<ErasedPeople>({ prune: (now: Date) => Promise.resolve(asked.push(now)) }),
    });
    expect([asked, forgotten]).toEqual([[at, at], 2]);
  });
});
