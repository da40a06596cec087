/**
 * Server-side head tags for `/blog/:slug`: link previews (chat apps, social networks, search
 * crawlers) read the HTML as sent and run no JavaScript, so the story's title and description
 * must already be in index.html. The blog's meta route gives them without counting a view.
 */
import { BLOG_SLUG_MAX, BLOG_SLUG_PATTERN, blogPostMetaSchema, PRODUCT_NAME } from '@saathi/contracts';
import type { BlogPostMeta } from '@saathi/contracts';
import { createCachedLookup, type CachedLookupOptions } from './cached-lookup';
import { escapeHtml, withTitle } from './html-head';

export interface BlogMetaSource {
  /** The published story's head, or null (unknown slug, unpublished, or the blog unreachable). */
  lookup(slug: string): Promise<BlogPostMeta | null>;
}

/** `/blog/how-saathi-works` → `how-saathi-works`; anything else (or a malformed slug) → null. */
export function blogSlugOfPath(pathname: string): string | null {
  const match = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  if (!slug || slug.length > BLOG_SLUG_MAX || !BLOG_SLUG_PATTERN.test(slug)) return null;
  return slug;
}

/** Asks the blog service; each answer (found or not) is remembered for 30 s by default. */
export function createBlogMetaSource(options: CachedLookupOptions): BlogMetaSource {
  return {
    lookup: createCachedLookup({
      ...options,
      defaultTtlMs: 30_000,
      pathOf: (slug) => `/api/blog/posts/${encodeURIComponent(slug)}/meta`,
      schema: blogPostMetaSchema,
    }),
  };
}

/** The page title the web app sets too: the story's title, then the blog's name. */
export function blogPageTitle(meta: Pick<BlogPostMeta, 'title'>): string {
  return `${meta.title} | ${PRODUCT_NAME} Blog`;
}

/**
 * index.html with the story's <title>, description, Open Graph and Twitter tags. Every value
 * is escaped; the description index.html carries is replaced, not duplicated.
 */
export function withBlogMeta(indexHtml: string, meta: BlogPostMeta, pageUrl: string): string {
  const title = escapeHtml(blogPageTitle(meta));
  const description = escapeHtml(meta.description);
  const url = escapeHtml(pageUrl);
  const tags = [
    `<meta name="description" content="${description}" />`,
    `<meta property="og:title" content="${title}" />`,
    `<meta property="og:description" content="${description}" />`,
    `<meta property="og:type" content="article" />`,
    `<meta property="og:url" content="${url}" />`,
    `<meta property="og:site_name" content="${escapeHtml(PRODUCT_NAME)}" />`,
    `<meta name="twitter:card" content="summary" />`,
    `<meta name="twitter:title" content="${title}" />`,
    `<meta name="twitter:description" content="${description}" />`,
    `<link rel="canonical" href="${url}" />`,
  ].join('\n    ');
  return withTitle(
    indexHtml.replace(/<meta\s+name="description"[^>]*>/i, ''),
    blogPageTitle(meta),
    `\n    ${tags}`,
  );
}
