import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { nextBlogOffset } from '../lib/blog-pages';
import { BLOG_PAGE_SIZE, type BlogPost } from '@saathi/contracts';
import { getBlogPostRoute, listBlogPostsRoute, listFeaturedBlogPostsRoute } from './routes';
import { api } from './api-client';
import { isApiError } from './api-error';

export const blogPostsKey = ['blog-posts'] as const;
export const featuredBlogPostsKey = ['blog-posts', 'featured'] as const;
export const blogPostKey = (slug: string) => ['blog-posts', 'story', slug] as const;

/** Published stories, newest first, ten a page; "Load More Stories" fetches the next. */
export function useBlogPosts() {
  return useInfiniteQuery({
    queryKey: blogPostsKey,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listBlogPostsRoute, { query: { limit: BLOG_PAGE_SIZE, offset: pageParam }, signal }),
    getNextPageParam: (_last, pages) => nextBlogOffset(pages),
  });
}

export function useFeaturedBlogPosts() {
  return useQuery({
    queryKey: featuredBlogPostsKey,
    queryFn: ({ signal }) => api.call(listFeaturedBlogPostsRoute, { signal }),
  });
}

/**
 * One story (each fetch counts a view, so it is not refetched on focus); null when it does not
 * exist or is not published.
 */
export function useBlogPost(slug: string | undefined) {
  return useQuery<BlogPost | null>({
    queryKey: blogPostKey(slug ?? ''),
    enabled: !!slug,
    refetchOnWindowFocus: false,
    staleTime: Infinity,
    queryFn: async ({ signal }) => {
      try {
        return await api.call(getBlogPostRoute, { params: { slug: slug ?? '' }, signal });
      } catch (error) {
        if (isApiError(error, 404)) return null;
        throw error;
      }
    },
  });
}
