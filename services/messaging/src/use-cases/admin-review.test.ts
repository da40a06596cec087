import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ModerationMessages } from '@saathi/contracts';
import type { AdminReviewRepository, ReviewMessageRow } from '../db/admin-review-repository';
import { fake, member, outcomeOf, routeInput } from '../testing/fake-core';
import { reviewMessage } from './admin-review';

const row = (at: string, overrides: Partial<ReviewMessageRow> = {}): ReviewMessageRow => ({
  id: randomUUID(),
  sender_id: randomUUID(),
  content: `said at ${at}`,
  created_at: new Date(at),
  moderation: null,
  ...overrides,
});

describe('reviewMessage', () => {
  it('is the message as stored with its neighbours oldest first', async () => {
    const message = row('2026-06-01T12:00:00.000Z', { moderation: 'hidden' });
    const after = row('2026-06-01T12:05:00.000Z');
    const before = row('2026-06-01T11:55:00.000Z');
    const review = fake<AdminReviewRepository>({
      withContext: () => Promise.resolve({ message, around: [after, before] }),
    });
    const admin = member({ role: 'admin' });
    expect(await reviewMessage({ review }, routeInput(admin, { params: { id: message.id } }))).toEqual({
      id: message.id,
      authorId: message.sender_id,
      text: message.content,
      createdAt: '2026-06-01T12:00:00.000Z',
      moderation: 'hidden',
      context: [before, after].map((neighbour) => ({
        id: neighbour.id,
        authorId: neighbour.sender_id,
        text: neighbour.content,
        createdAt: new Date(neighbour.created_at).toISOString(),
        moderation: null,
      })),
    });
  });

  it('is 404 for a message nobody reported and moderation never acted on, or none at all', async () => {
    const review = fake<AdminReviewRepository>({ withContext: () => Promise.resolve(undefined) });
    expect(
      await outcomeOf(
        reviewMessage({ review }, routeInput(member({ role: 'admin' }), { params: { id: randomUUID() } })),
      ),
    ).toEqual({ kind: 'not-found', message: ModerationMessages.itemGone, code: undefined });
  });
});
