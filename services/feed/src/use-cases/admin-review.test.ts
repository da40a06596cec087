import { describe, expect, it } from 'vitest';
import { ModerationMessages } from '@saathi/contracts';
import type { AdminReviewRepository, ReviewRow } from '../db/admin-review-repository';
import type { EditsRepository } from '../db/edits-repository';
import type { PostPhotosRepository } from '../db/photos-repository';
import { admin, fake, NOW, outcomeOf, routeInput } from '../testing/fake-core';
import { reviewCircle, reviewComment, reviewPost, reviewPostPhoto } from './admin-review';

// What a reviewer reads, on fakes: the stored text with its earlier versions and context.

const row = (id: string, content: string): ReviewRow => ({
  id,
  author_id: 'author',
  content,
  created_at: NOW,
  moderation: 'hidden',
});
const input = (id: string) => routeInput(admin(), { params: { id } });

describe('reviewPost and reviewComment', () => {
  const edits = fake<EditsRepository>({
    postVersions: () => Promise.resolve([{ content: 'before', hashtags: ['walk'], replacedAt: NOW }]),
    commentVersions: () => Promise.resolve([]),
  });

  it('answers a post, hidden or not, with its earlier texts, and 404 once deleted', async () => {
    const review = fake<AdminReviewRepository>({
      post: (id: string) => Promise.resolve(id === 'p' ? { ...row('p', 'now'), photos: null } : undefined),
    });
    expect(await reviewPost({ review, edits }, input('p'))).toEqual({
      id: 'p',
      authorId: 'author',
      text: 'now',
      createdAt: NOW.toISOString(),
      moderation: 'hidden',
      context: [],
      earlierVersions: [{ text: 'before', hashtags: ['walk'], replacedAt: NOW.toISOString() }],
    });
    expect(await outcomeOf(reviewPost({ review, edits }, input('gone')))).toEqual({
      kind: 'not-found',
      message: ModerationMessages.itemGone,
    });
  });

  it('answers a comment with its post as context (none when the post is gone)', async () => {
    const review = fake<AdminReviewRepository>({
      comment: () => Promise.resolve({ ...row('c', 'reply'), post_id: 'p' }),
      postText: () => Promise.resolve(undefined),
    });
    expect(await reviewComment({ review, edits }, input('c'))).toMatchObject({
      id: 'c',
      context: [],
      earlierVersions: [],
    });
  });
});

describe('reviewCircle and reviewPostPhoto', () => {
  it('is 404 for a circle or photo that is gone', async () => {
    const review = fake<AdminReviewRepository>({ circle: () => Promise.resolve(undefined) });
    expect(await outcomeOf(reviewCircle({ review }, input('x')))).toEqual({
      kind: 'not-found',
      message: ModerationMessages.itemGone,
    });
    const photos = fake<PostPhotosRepository>({ findForReview: () => Promise.resolve(undefined) });
    expect(await outcomeOf(reviewPostPhoto({ photos }, input('x')))).toEqual({
      kind: 'not-found',
      message: ModerationMessages.itemGone,
    });
  });
});
