import { Link } from 'react-router-dom';
import { ArrowLeft, Loader2 } from 'lucide-react';
import { BLOG_FEATURED_SHOWN } from '@saathi/contracts';
import { useBlogPosts, useFeaturedBlogPosts } from '../api/use-blog';
import { BlogPostCard } from '../components/blog-post-card';
import { BlogSkeleton } from '../components/blog-skeleton';
import { NoticeCard } from '../components/notice-card';
import { buttonPrimary, buttonSecondary, linkClass } from '../components/ui';
import { BLOG_LIST_TITLE } from '../lib/blog-head';
import { flattenPages } from '../lib/feed-pages';
import { usePageTitle } from '../lib/use-page-title';

/** /blog: featured stories, then every story newest first, ten at a time. */
export default function BlogPage() {
  usePageTitle(BLOG_LIST_TITLE);
  const featured = useFeaturedBlogPosts();
  const list = useBlogPosts();
  const stories = flattenPages(list.data?.pages ?? []);
  const featuredShown = (featured.data ?? []).slice(0, BLOG_FEATURED_SHOWN);

  return (
    <div className="mx-auto max-w-4xl px-4 py-8">
      <Link to="/home" className={`${linkClass} tap-target relative inline-flex items-center gap-1 text-sm`}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Home
      </Link>
      <p className="mt-4 text-sm font-medium text-teal-800">Community Blog</p>
      <h1 className="text-3xl font-bold text-slate-900">Blog</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Stories, guides and community updates from Saathi: how to find activity partners nearby, how to meet
        safely, and what neighbours have been up to.
      </p>

      {featuredShown.length > 0 && (
        <section aria-labelledby="featured-stories" className="mt-8">
          <h2 id="featured-stories" className="text-xl font-semibold text-slate-900">
            Featured Stories
          </h2>
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {featuredShown.map((story) => (
              <BlogPostCard key={story.id} story={story} variant="featured" />
            ))}
          </div>
        </section>
      )}

      {list.isPending ? (
        <div className="mt-8">
          <BlogSkeleton label="Loading stories" />
        </div>
      ) : list.isError ? (
        <NoticeCard level={2} title="Stories could not be loaded" className="mt-8">
          <p className="mt-2 text-slate-600">Please check your connection and try again.</p>
          <button type="button" className={`${buttonPrimary} mt-6`} onClick={() => void list.refetch()}>
            Try Again
          </button>
        </NoticeCard>
      ) : stories.length === 0 ? (
        <NoticeCard level={2} title="Coming Soon!" className="mt-8">
          <p className="mt-2 text-slate-600">
            Our automated content generation is preparing stories for the community.
          </p>
        </NoticeCard>
      ) : (
        <section aria-labelledby="latest-stories" className="mt-10">
          <h2 id="latest-stories" className="text-xl font-semibold text-slate-900">
            Latest Stories
          </h2>
          <div className="mt-4 grid gap-4">
            {stories.map((story) => (
              <BlogPostCard key={story.id} story={story} variant="list" />
            ))}
          </div>
          {list.hasNextPage && (
            <div className="mt-6 text-center">
              <button
                type="button"
                className={buttonSecondary}
                disabled={list.isFetchingNextPage}
                onClick={() => void list.fetchNextPage()}
              >
                {list.isFetchingNextPage && <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />}
                Load More Stories
              </button>
            </div>
          )}
        </section>
      )}
    </div>
  );
}
