import { describe, expect, it } from 'vitest';
import { POST_HASHTAGS } from '../feed/constants';
import { ACTIVITY_INTERESTS, INTERESTS, interestsSchema, sharedInterests } from './interests';

describe('interests', () => {
  it('are the post hashtags with their # and the activities by name, each once', () => {
    expect(INTERESTS).toEqual([...POST_HASHTAGS.map((tag) => `#${tag}`), ...ACTIVITY_INTERESTS]);
    expect(new Set(INTERESTS).size).toBe(INTERESTS.length);
  });

  it('are read once each, in the list order', () => {
    expect(interestsSchema.parse(['chess', '#gym', 'chess'])).toEqual(['#gym', 'chess']);
    expect(interestsSchema.safeParse(['gym']).success).toBe(false);
  });

  it("shared: the owner's that the viewer has too, in the list order", () => {
    expect(sharedInterests(['chess', '#hiking', 'yoga'], ['yoga', '#hiking', '#gym'])).toEqual([
      '#hiking',
      'yoga',
    ]);
    expect(sharedInterests(['chess'], [])).toEqual([]);
  });
});
