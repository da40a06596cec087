// A story's page head in the browser: the same title and tags the gateway sends for
// /blog/:slug (gateway/src/blog-meta.ts), kept while the story is shown.
import { useEffect } from 'react';
import { PRODUCT_NAME } from '@saathi/contracts';

export interface BlogHead {
  title: string;
  /** [attribute, key, content]: e.g. ['property', 'og:title', '…']. */
  tags: [attribute: 'name' | 'property', key: string, content: string][];
}

export const BLOG_LIST_TITLE = `Blog | ${PRODUCT_NAME}`;

/** metaTitle or title, then " | Saathi Blog"; description is metaDescription or the excerpt. */
export function blogHeadOf(
  story: { title: string; metaTitle: string | null; excerpt: string; metaDescription: string | null },
  url: string,
): BlogHead {
  const title = `${story.metaTitle ?? story.title} | ${PRODUCT_NAME} Blog`;
  const description = story.metaDescription ?? story.excerpt;
  return {
    title,
    tags: [
      ['name', 'description', description],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:type', 'article'],
      ['property', 'og:url', url],
      ['name', 'twitter:card', 'summary'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
    ],
  };
}

/** Sets the meta tags while mounted (the page sets the title); restores what was there before on unmount. */
export function useBlogHead(head: BlogHead | null): void {
  useEffect(() => {
    if (!head) return;
    const restores = head.tags.map(([attribute, key, content]) => {
      let element = document.head.querySelector<HTMLMetaElement>(`meta[${attribute}="${key}"]`);
      const created = !element;
      if (!element) {
        element = document.createElement('meta');
        element.setAttribute(attribute, key);
        document.head.append(element);
      }
      const previous = element.getAttribute('content');
      element.setAttribute('content', content);
      const target = element;
      return () => {
        if (created) target.remove();
        else if (previous !== null) target.setAttribute('content', previous);
      };
    });
    return () => {
      for (const restore of restores) restore();
    };
  }, [head]);
}
