import { describe, expect, it } from 'vitest';
import {
  feedTitle,
  flattenPages,
  hashtagsOfInterests,
  isFiltered,
  isPostHashtag,
  nextPageOffset,
} from './feed-pages';

const posts = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `p${from + i}` }));

describe('nextPageOffset', () => {
  it('asks for the next page while the last page held exactly 10', () => {
    expect(nextPageOffset([posts(0, 10)])).toBe(10);
    expect(nextPageOffset([posts(0, 10), posts(10, 10)])).toBe(20);
  });

  it('stops after a short or empty page', () => {
    expect(nextPageOffset([posts(0, 9)])).toBeUndefined();
    expect(nextPageOffset([posts(0, 10), []])).toBeUndefined();
    expect(nextPageOffset([])).toBeUndefined();
  });
});

describe('flattenPages', () => {
  it('joins the pages in order and shows a post that came back on a later page once', () => {
    const first = posts(0, 3);
    const second = [{ id: 'p2' }, { id: 'p3' }];
    expect(flattenPages([first, second]).map((p) => p.id)).toEqual(['p0', 'p1', 'p2', 'p3']);
  });
});

describe('feedTitle', () => {
  it('names the plain feed, a search and a hashtag', () => {
    expect(feedTitle({})).toBe('Currently Active Near You');
    expect(feedTitle({ search: 'chess' })).toBe('Search Results');
    expect(feedTitle({ search: '   ' })).toBe('Currently Active Near You');
    expect(feedTitle({ hashtag: 'gym' })).toBe('Posts tagged #gym');
    expect(feedTitle({ hashtag: 'gym', search: 'chess' })).toBe('Posts tagged #gym');
    expect(feedTitle({ mine: true })).toBe('Matching Your Interests');
    expect(feedTitle({ mine: true, hashtag: 'gym' })).toBe('Posts tagged #gym');
  });

  it('counts a hashtag or a non-blank search as filtered', () => {
    expect(isFiltered({})).toBe(false);
    expect(isFiltered({ search: ' ' })).toBe(false);
    expect(isFiltered({ search: 'run' })).toBe(true);
    expect(isFiltered({ mine: true })).toBe(true);
    expect(isFiltered({ mine: false })).toBe(false);
    expect(isFiltered({ hashtag: 'food' })).toBe(true);
  });
});

describe('isPostHashtag', () => {
  it('knows the ten post hashtags only', () => {
    expect(isPostHashtag('library')).toBe(true);
    expect(isPostHashtag('Gym')).toBe(false);
    expect(isPostHashtag('chess')).toBe(false);
  });
});

describe('hashtagsOfInterests', () => {
  it('keeps the post hashtags among the interests, without their #', () => {
    expect(hashtagsOfInterests(['#hiking', 'chess', '#gym', '#cooking'])).toEqual(['hiking', 'gym']);
    expect(hashtagsOfInterests(['chess', 'yoga'])).toEqual([]);
  });
});
