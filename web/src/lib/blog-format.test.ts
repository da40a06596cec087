import { describe, expect, it } from 'vitest';
import { blogDate, readTimeLabel, readTimeMinutes, relatedStories, viewsLabel } from './blog-format';

describe('blog formats', () => {
  it('reads 200 words a minute, rounded up, at least one minute', () => {
    expect(readTimeMinutes(0)).toBe(1);
    expect(readTimeMinutes(200)).toBe(1);
    expect(readTimeMinutes(201)).toBe(2);
    expect(readTimeLabel(1000)).toBe('5 min read');
  });

  it('counts views', () => {
    expect(viewsLabel(0)).toBe('0 views');
    expect(viewsLabel(1)).toBe('1 view');
    expect(viewsLabel(1234)).toBe('1,234 views');
  });

  it('formats dates short and long, and a bad date as nothing', () => {
    expect(blogDate('2026-11-23T10:00:00Z', 'short', 'en-US')).toBe('Nov 23, 2026');
    expect(blogDate('2026-11-23T10:00:00Z', 'long', 'en-US')).toBe('November 23, 2026');
    expect(blogDate('nope', 'long', 'en-US')).toBe('');
  });

  it('relates up to three featured stories, never the one being read', () => {
    const featured = ['a', 'b', 'c', 'd'].map((slug) => ({ slug }));
    expect(relatedStories(featured, 'b', 3).map((s) => s.slug)).toEqual(['a', 'c', 'd']);
    expect(relatedStories(featured, 'x', 3).map((s) => s.slug)).toEqual(['a', 'b', 'c']);
  });
});
