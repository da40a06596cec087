import { describe, expect, it } from 'vitest';
import { ModerationMessages } from '@saathi/contracts';
import type { AdminReviewRepository } from '../db/admin-review-repository';
import { fake, member, meta, outcomeOf } from '../testing/fake-core';
import { reviewPerson } from './admin-review';

const input = (id: string) => ({
  user: member({ role: 'admin' }),
  params: { id },
  query: undefined,
  body: undefined,
  meta,
});

describe('reviewPerson', () => {
  it('shows what others see of the person and whether they are suspended', async () => {
    const person = {
      id: '00000000-0000-4000-8000-00000000000a',
      username: 'asha',
      displayName: 'Asha',
      bio: null,
      joinedAt: new Date('2026-01-02T03:04:05.000Z'),
      suspended: true,
    };
    const people = fake<AdminReviewRepository>({ findPerson: () => Promise.resolve(person) });
    expect(await reviewPerson({ people }, input(person.id))).toEqual({
      ...person,
      joinedAt: '2026-01-02T03:04:05.000Z',
    });
  });

  it('is a 404 once the account is gone', async () => {
    const people = fake<AdminReviewRepository>({ findPerson: () => Promise.resolve(undefined) });
    expect(
      await outcomeOf(reviewPerson({ people }, input('00000000-0000-4000-8000-00000000000b'))),
    ).toMatchObject({
      kind: 'not-found',
      message: ModerationMessages.itemGone,
    });
  });
});
