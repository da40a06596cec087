// The feed's paging and titles: 10 posts a page, more while the last page was full.
import { FEED_PAGE_SIZE, POST_HASHTAGS, type PostHashtag } from '@saathi/contracts';

/** The offset of the page after these, or undefined when the last page was not full. */
export function nextPageOffset(pages: readonly (readonly unknown[])[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.length !== FEED_PAGE_SIZE) return undefined;
  return pages.reduce((sum, page) => sum + page.length, 0);
}

/**
 * All pages as one list. A post written between two page loads shifts the offsets, so the
 * same post can come back on the next page: it is shown once.
 */
export function flattenPages<T extends { id: string }>(pages: readonly (readonly T[])[]): T[] {
  const seen = new Set<string>();
  const posts: T[] = [];
  for (const page of pages) {
    for (const post of page) {
      if (seen.has(post.id)) continue;
      seen.add(post.id);
      posts.push(post);
    }
  }
  return posts;
}

export interface FeedFilter {
  hashtag?: string | undefined;
  search?: string | undefined;
  /** "Matches my interests" is on. */
  mine?: boolean | undefined;
}

/** Choosing a hashtag, searching or "Matches my interests" narrows the feed; Load More is for the plain feed only. */
export function isFiltered({ hashtag, search, mine }: FeedFilter): boolean {
  return !!hashtag || !!search?.trim() || !!mine;
}

export function feedTitle({ hashtag, search, mine }: FeedFilter): string {
  if (hashtag) return `Posts tagged #${hashtag}`;
  if (search?.trim()) return 'Search Results';
  if (mine) return 'Matching Your Interests';
  return 'Currently Active Near You';
}

export function isPostHashtag(value: string): value is PostHashtag {
  return (POST_HASHTAGS as readonly string[]).includes(value);
}

/** The post hashtags among a person's interests ("#hiking" → hiking): what "Matches my interests" asks for. */
export function hashtagsOfInterests(interests: readonly string[]): PostHashtag[] {
  return interests
    .filter((interest) => interest.startsWith('#'))
    .map((interest) => interest.slice(1))
    .filter(isPostHashtag);
}
