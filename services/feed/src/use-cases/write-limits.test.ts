import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { Outcome } from '@saathi/platform';
import { fakeClock, limits } from '../testing/fake-core';
import { withinWriteLimit } from './write-limits';

// The hourly write limits on a fake clock and the in-memory limiter: per account and per kind.

describe('withinWriteLimit', () => {
  it('lets an account write up to its hourly limit, then refuses with Retry-After', async () => {
    const core = { ...limits({ posts: 2 }), clock: fakeClock() };
    await withinWriteLimit(core, 'posts', 'a');
    await withinWriteLimit(core, 'posts', 'a');
    const refused = await withinWriteLimit(core, 'posts', 'a').catch((error: unknown) => error);
    expect(refused).toMatchObject({
      kind: 'rate-limited',
      message: IdentityMessages.tooManyAttempts,
      code: 'RATE_LIMITED',
    });
    expect((refused as Outcome).retryAfterSeconds).toBeGreaterThan(0);
  });

  it('counts each account and each kind of write on its own', async () => {
    const core = { ...limits({ posts: 1, comments: 1 }), clock: fakeClock() };
    await withinWriteLimit(core, 'posts', 'a');
    await withinWriteLimit(core, 'posts', 'b');
    await withinWriteLimit(core, 'comments', 'a');
    await expect(withinWriteLimit(core, 'comments', 'a')).rejects.toMatchObject({ kind: 'rate-limited' });
  });
});
