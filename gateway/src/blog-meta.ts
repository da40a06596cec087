/**
 * Server-side head tags for `/blog/:slug`: link previews (chat apps, social networks, search
 * crawlers) read the HTML as sent and run no JavaScript, so the story's title and description
 * must already be in index.html. The blog's meta route gives them without counting a view.
 */
import { BLOG_SLUG_MAX, BLOG_SLUG_PATTERN, blogPostMetaSchema, PRODUCT_NAME } from '@saathi/contracts';
import type { BlogPostMeta } from '@saathi/contracts';
import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import { escapeHtml, withTitle } from './html-head';

export interface BlogMetaSource {
  /** The published story's head, or null (unknown slug, unpublished, or the blog unreachable). */
  lookup(slug: string): Promise<BlogPostMeta | null>;
}

interface CacheEntry {
  value: BlogPostMeta | null;
  expiresAt: number;
}

/** `/blog/how-saathi-works` → `how-saathi-works`; anything else (or a malformed slug) → null. */
export function blogSlugOfPath(pathname: string): string | null {
  const match = /^\/blog\/([^/]+)\/?$/.exec(pathname);
  const slug = match?.[1];
  if (!slug || slug.length > BLOG_SLUG_MAX || !BLOG_SLUG_PATTERN.test(slug)) return null;
  return slug;
}

/**
 * Asks the blog service, and remembers each answer (found or not) for `ttlMs`, so a burst of
 * crawlers costs the blog one query per story. At most `maxEntries` are kept (oldest go first).
 */
export function createBlogMetaSource(options: {
  base: string;
  dispatcher: Dispatcher;
  ttlMs?: number;
  maxEntries?: number;
  timeoutMs?: number;
}): BlogMetaSource {
  const ttlMs = options.ttlMs ?? 30_000;
  const maxEntries = options.maxEntries ?? 1000;
  const cache = new Map<string, CacheEntry>();

  async function fetchMeta(slug: string): Promise<BlogPostMeta | null> {
    const url = new URL(`/api/blog/posts/${encodeURIComponent(slug)}/meta`, options.base);
    const response = await undiciRequest(url, {
      dispatcher: options.dispatcher,
      headersTimeout: options.timeoutMs ?? 2000,
      bodyTimeout: options.timeoutMs ?? 2000,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return null;
    }
    const parsed = blogPostMetaSchema.safeParse(await response.body.json());
    return parsed.success ? parsed.data : null;
  }

  return {
    async lookup(slug) {
      const now = Date.now();
      const cached = cache.get(slug);
      if (cached && cached.expiresAt > now) return cached.value;
      let value: BlogPostMeta | null;
      try {
        value = await fetchMeta(slug);
      } catch {
        // The blog is down or slow: serve the plain page now, ask again next time.
        return null;
      }
      cache.delete(slug);
      cache.set(slug, { value, expiresAt: now + ttlMs });
      if (cache.size > maxEntries) {
        const oldest = cache.keys().next().value;
        if (oldest !== undefined) cache.delete(oldest);
      }
      return value;
    },
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
