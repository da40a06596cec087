// The blog list's paging: ten stories a page, another page while the last one was full.
import { BLOG_PAGE_SIZE } from '@saathi/contracts';

/** The offset of the next page, or undefined when the last page was not full. */
export function nextBlogOffset(pages: readonly (readonly unknown[])[]): number | undefined {
  const last = pages.at(-1);
  if (!last || last.length < BLOG_PAGE_SIZE) return undefined;
  return pages.reduce((sum, page) => sum + page.length, 0);
}
