import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { userDeletedV1 } from '@saathi/contracts';
import type { ErasedPeople } from '@saathi/platform';
import type { AccountErasureRepository } from '../db/account-erasure-repository';
import { consumed, fake, fakeClock } from '../testing/fake-core';
import { eraseAccount } from './account-erasure';

describe('eraseAccount', () => {
  it('remembers the person as erased first (waiting for writes naming them), then erases, in the inbox’s transaction', async () => {
    const steps: string[] = [];
    const at = new Date('2026-06-01T12:00:00.000Z');
    const userId = randomUUID();
    await eraseAccount(
      {
        clock: fakeClock(at),
        erasedPeople: fake<ErasedPeople>({
          remember: (id: string, when: Date) =>
            Promise.resolve(steps.push(`remember ${id} ${when.toISOString()}`)),
        }),
        erasure: fake<AccountErasureRepository>({
          erase: (id: string) => Promise.resolve(steps.push(`erase ${id}`)),
        }),
      },
      consumed(userDeletedV1, { userId }),
    );
    expect(steps).toEqual([`remember ${userId} ${at.toISOString()}`, `erase ${userId}`]);
  });
});
