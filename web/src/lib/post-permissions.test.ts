import { describe, expect, it } from 'vitest';
import { canDeletePost, canMessageAuthor } from './post-permissions';

const post = { authorId: 'author' };

describe('canDeletePost', () => {
  it('lets the author delete their own post', () => {
    expect(canDeletePost({ id: 'author', role: 'user' }, post)).toBe(true);
  });

  it('lets an admin delete any post', () => {
    expect(canDeletePost({ id: 'someone', role: 'admin' }, post)).toBe(true);
  });

  it('refuses other users and visitors', () => {
    expect(canDeletePost({ id: 'someone', role: 'user' }, post)).toBe(false);
    expect(canDeletePost(null, post)).toBe(false);
  });
});

describe('canMessageAuthor', () => {
  it('is for signed-in viewers other than the author', () => {
    expect(canMessageAuthor({ id: 'someone', role: 'user' }, post)).toBe(true);
    expect(canMessageAuthor({ id: 'author', role: 'user' }, post)).toBe(false);
    expect(canMessageAuthor(undefined, post)).toBe(false);
  });
});
