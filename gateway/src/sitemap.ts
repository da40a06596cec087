/**
 * `/sitemap.xml`: the public pages and every published blog story, so search engines find the
 * stories without running the app. The list comes from the blog service and is kept for
 * `ttlMs`; when the blog is unreachable the sitemap still lists the fixed pages.
 */
import { BLOG_LIMIT_MAX, blogPostSummarySchema } from '@saathi/contracts';
import { request as undiciRequest } from 'undici';
import type { Dispatcher } from 'undici';
import { z } from 'zod';

const STATIC_PAGES = ['/', '/blog', '/auth'];
// A crawler needs no more than this; the blog would need many pages to reach it.
const MAX_STORIES = 5000;

interface StoryEntry {
  slug: string;
  updatedAt: string;
}

export interface SitemapSource {
  stories(): Promise<StoryEntry[]>;
}

export function createSitemapSource(options: {
  base: string;
  dispatcher: Dispatcher;
  ttlMs?: number;
  timeoutMs?: number;
}): SitemapSource {
  const ttlMs = options.ttlMs ?? 5 * 60_000;
  const listSchema = z.array(blogPostSummarySchema.pick({ slug: true, updatedAt: true, published: true }));
  let cached: { value: StoryEntry[]; expiresAt: number } | undefined;

  async function fetchPage(offset: number): Promise<StoryEntry[] | null> {
    const url = new URL('/api/blog/posts', options.base);
    url.searchParams.set('limit', String(BLOG_LIMIT_MAX));
    url.searchParams.set('offset', String(offset));
    const response = await undiciRequest(url, {
      dispatcher: options.dispatcher,
      headersTimeout: options.timeoutMs ?? 2000,
      bodyTimeout: options.timeoutMs ?? 2000,
    });
    if (response.statusCode !== 200) {
      await response.body.dump();
      return null;
    }
    const parsed = listSchema.safeParse(await response.body.json());
    return parsed.success ? parsed.data.filter((post) => post.published) : null;
  }

  return {
    async stories() {
      if (cached && cached.expiresAt > Date.now()) return cached.value;
      const all: StoryEntry[] = [];
      try {
        for (let offset = 0; offset < MAX_STORIES; offset += BLOG_LIMIT_MAX) {
          const page = await fetchPage(offset);
          if (!page) break;
          all.push(...page.map(({ slug, updatedAt }) => ({ slug, updatedAt })));
          if (page.length < BLOG_LIMIT_MAX) break;
        }
      } catch {
        // The blog is down: the fixed pages now, the stories next time.
        return all;
      }
      cached = { value: all, expiresAt: Date.now() + ttlMs };
      return all;
    },
  };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
}

export function renderSitemap(origin: string, stories: StoryEntry[]): string {
  const urls = [
    ...STATIC_PAGES.map((page) => `  <url><loc>${escapeXml(origin + page)}</loc></url>`),
    ...stories.map((story) => {
      const loc = escapeXml(`${origin}/blog/${encodeURIComponent(story.slug)}`);
      const lastmod = Number.isNaN(Date.parse(story.updatedAt))
        ? ''
        : `<lastmod>${new Date(story.updatedAt).toISOString().slice(0, 10)}</lastmod>`;
      return `  <url><loc>${loc}</loc>${lastmod}</url>`;
    }),
  ];
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
}
