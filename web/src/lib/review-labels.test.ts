import { describe, expect, it } from 'vitest';
import { reviewAuthorLabels } from './review-labels';

describe('review author labels', () => {
  it('calls the one other person of a conversation "Other person"', () => {
    const labels = reviewAuthorLabels([{ authorId: 'b' }, { authorId: 'a' }, { authorId: 'b' }], 'a');
    expect(Object.fromEntries(labels)).toEqual({ a: 'Sender', b: 'Other person' });
  });

  it("numbers a thread's other members in order of first appearance", () => {
    const thread = ['c', 'a', 'b', 'c', 'd'].map((authorId) => ({ authorId }));
    expect(Object.fromEntries(reviewAuthorLabels(thread, 'a'))).toEqual({
      a: 'Sender',
      c: 'Member 1',
      b: 'Member 2',
      d: 'Member 3',
    });
  });
});
