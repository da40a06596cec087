import { describe, expect, it } from 'vitest';
import { postDeletedV1, userDeletedV1 } from '@saathi/contracts';
import type { ErasedPeople } from '@saathi/platform';
import type { AccountErasureRepository } from '../db/account-erasure-repository';
import type { ActivitiesRepository } from '../db/activities-repository';
import type { CirclesRepository } from '../db/circles-repository';
import { consumed, fake, fakeClock, NOW } from '../testing/fake-core';
import { eraseAccount, forgetErasedPeople } from './account-erasure';

describe('eraseAccount', () => {
  it('remembers the id first, then erases, announcing each of their posts as deleted by them', async () => {
    const calls: string[] = [];
    const note = (name: string, answer?: unknown) => () => {
      calls.push(name);
      return Promise.resolve(answer);
    };
    const core = {
      clock: fakeClock(),
      erasedPeople: fake<ErasedPeople>({ remember: note('remember') }),
      activities: fake<ActivitiesRepository>({ acceptedSpotsOf: note('acceptedSpotsOf', []) }),
      circles: fake<CirclesRepository>({
        createdBy: note('createdBy', []),
        membershipsOf: note('membershipsOf', []),
      }),
      erasure: fake<AccountErasureRepository>({ erase: note('erase', ['p1', 'p2']) }),
    };
    const event = consumed(userDeletedV1, { userId: 'gone' });
    await eraseAccount(core, event);
    expect(calls).toEqual(['remember', 'acceptedSpotsOf', 'createdBy', 'membershipsOf', 'erase']);
    expect(event.emitted).toEqual([
      { type: postDeletedV1.type, data: { postId: 'p1', authorId: 'gone', deletedBy: 'gone' } },
      { type: postDeletedV1.type, data: { postId: 'p2', authorId: 'gone', deletedBy: 'gone' } },
    ]);
  });
});

describe('forgetErasedPeople', () => {
  it('prunes the ids kept long enough, as of now', async () => {
    const asOf: Date[] = [];
    const erasedPeople = fake<ErasedPeople>({ prune: (now: Date) => Promise.resolve(asOf.push(now)) });
    expect(await forgetErasedPeople({ erasedPeople, clock: fakeClock() })).toBe(1);
    expect(asOf).toEqual([NOW]);
  });
});
