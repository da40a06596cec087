import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userDeletedV1 } from '@saathi/contracts';
import type { ErasedPeople } from '@saathi/platform';
import type { AccountErasureRepository } from '../db/account-erasure-repository';
import { consumed, fake, fakeClock } from '../testing/fake-core';
import { eraseAccount, forgetErasedPeople } from './account-erasure';

describe('eraseAccount', () => {
  it('remembers the id as erased first, then erases what is only the person’s', async () => {
    const calls: unknown[][] = [];
    const now = new Date('2026-06-01T12:00:00.000Z');
    const core = {
      clock: fakeClock(now),
      erasedPeople: fake<ErasedPeople>({
        remember: (...args: unknown[]) => Promise.resolve(void calls.push(['remember', ...args])),
      }),
      erasure: fake<AccountErasureRepository>({
        erase: (...args: unknown[]) => Promise.resolve(void calls.push(['erase', ...args])),
      }),
    };
    const userId = randomUUID();
    await eraseAccount(core, consumed(userDeletedV1, { userId }));
    expect(calls).toEqual([
      ['remember', userId, now],
      ['erase', userId],
    ]);
  });
});

describe('forgetErasedPeople', () => {
  it('prunes the erased ids as of now', async () => {
    const now = new Date('2026-06-01T12:00:00.000Z');
    const pruned: Date[] = [];
    const erasedPeople = fake<ErasedPeople>({
      prune: (at: Date) => {
        pruned.push(at);
        return Promise.resolve(2);
      },
    });
    expect(await forgetErasedPeople({ erasedPeople, clock: fakeClock(now) })).toBe(2);
    expect(pruned).toEqual([now]);
  });
});
