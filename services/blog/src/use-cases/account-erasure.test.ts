import { describe, expect, it } from 'vitest';
import { userDeletedV1 } from '@saathi/contracts';
import type { BlogPostsRepository } from '../db/posts-repository';
import { consumed, fake } from '../testing/fake-core';
import { forgetAuthor } from './account-erasure';

describe('identity.user.deleted.v1', () => {
  it('forgets the erased person as the author of their stories, in the event’s transaction', async () => {
    const forgotten: string[] = [];
    const posts = fake<BlogPostsRepository>({
      forgetAuthor: (userId: string) => Promise.resolve(void forgotten.push(userId)),
    });
    const userId = '00000000-0000-4000-8000-0000000000cc';
    await forgetAuthor({ posts }, consumed(userDeletedV1, { userId }));
    expect(forgotten).toEqual([userId]);
  });
});
