import { describe, expect, it } from 'vitest';
import { nextBlogOffset } from './blog-pages';

const page = (n: number) => Array.from({ length: n }, (_, i) => i);

describe('blog list paging', () => {
  it('asks for the next ten while the last page was full', () => {
    expect(nextBlogOffset([page(10)])).toBe(10);
    expect(nextBlogOffset([page(10), page(10)])).toBe(20);
  });

  it('stops after a short or empty page, and before any page', () => {
    expect(nextBlogOffset([page(10), page(3)])).toBeUndefined();
    expect(nextBlogOffset([page(10), page(0)])).toBeUndefined();
    expect(nextBlogOffset([])).toBeUndefined();
  });
});
