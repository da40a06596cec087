// How the blog shows numbers and dates on cards and stories.
import { BLOG_WORDS_PER_MINUTE } from '@saathi/contracts';

/** Minutes to read `words` at 200 a minute, rounded up, at least 1. */
export function readTimeMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / BLOG_WORDS_PER_MINUTE));
}

export function readTimeLabel(words: number): string {
  return `${readTimeMinutes(words)} min read`;
}

export function viewsLabel(count: number): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'view' : 'views'}`;
}

/** Cards: "Nov 23, 2026"; a story's header and footer: "November 23, 2026". */
export function blogDate(iso: string, style: 'short' | 'long', locale?: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return date.toLocaleDateString(locale, {
    year: 'numeric',
    month: style === 'long' ? 'long' : 'short',
    day: 'numeric',
  });
}

/** Up to `max` related stories: the featured ones other than the story being read. */
export function relatedStories<T extends { slug: string }>(
  featured: readonly T[],
  currentSlug: string,
  max: number,
): T[] {
  return featured.filter((story) => story.slug !== currentSlug).slice(0, max);
}
