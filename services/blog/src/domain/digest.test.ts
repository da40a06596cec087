import { describe, expect, it } from 'vitest';
import { OTHER_AREA } from './areas';
import { composeDigest, foldSmallAreas } from './digest';

const mumbai = {
  area: 'Mumbai',
  posts: 12,
  hashtags: [
    { hashtag: 'gym', posts: 7 },
    { hashtag: 'food', posts: 2 },
  ],
};
const pune = { area: 'Pune', posts: 2, hashtags: [{ hashtag: 'gym', posts: 2 }] };
const other = { area: OTHER_AREA, posts: 1, hashtags: [{ hashtag: 'hiking', posts: 1 }] };

describe('the community digest', () => {
  it('folds cities with fewer than three posts into "other places"', () => {
    expect(foldSmallAreas([pune, mumbai, other])).toEqual([
      mumbai,
      {
        area: OTHER_AREA,
        posts: 3,
        hashtags: [
          { hashtag: 'gym', posts: 2 },
          { hashtag: 'hiking', posts: 1 },
        ],
      },
    ]);
  });

  it('writes totals, the busiest city and favourite hashtags, but never a small city by name', () => {
    const story = composeDigest('2026-W48', [mumbai, pune, other]);
    expect(story).not.toBeNull();
    expect(story!.slug).toBe('community-digest-2026-w48');
    expect(story!.title).toBe('Community Digest: Week 48, 2026');
    expect(story!.content).toContain('**15 new activity posts**');
    expect(story!.content).toContain('The busiest city was *Mumbai*.');
    expect(story!.content).toContain('**Mumbai**: 12 posts, mostly #gym, #food.');
    expect(story!.content).toContain('**Other places**: 3 posts');
    expect(story!.content).not.toContain('Pune');
    expect(story!.excerpt).toContain('15 new activity posts');
  });

  it('writes nothing for a week without posts', () => {
    expect(composeDigest('2026-W48', [])).toBeNull();
  });
});
