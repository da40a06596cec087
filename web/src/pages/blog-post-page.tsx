import { useMemo } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ArrowLeft, Calendar, Clock, Eye, SearchX, Star } from 'lucide-react';
import { BLOG_RELATED_SHOWN } from '@saathi/contracts';
import { useBlogPost, useFeaturedBlogPosts } from '../api/use-blog';
import { BlogContent } from '../components/blog-content';
import { BlogPostCard } from '../components/blog-post-card';
import { BlogShareButton } from '../components/blog-share-button';
import { BlogSkeleton } from '../components/blog-skeleton';
import { BlogTags } from '../components/blog-tags';
import { NoticeCard } from '../components/notice-card';
import { buttonPrimary, linkClass } from '../components/ui';
import { blogDate, readTimeLabel, relatedStories, viewsLabel } from '../lib/blog-format';
import { blogHeadOf, useBlogHead } from '../lib/blog-head';
import { usePageTitle } from '../lib/use-page-title';

/** /blog/:slug: one story, its share buttons and more featured stories; or "Blog Post Not Found". */
export default function BlogPostPage() {
  const { slug } = useParams();
  const story = useBlogPost(slug);
  const featured = useFeaturedBlogPosts();
  const url = `${window.location.origin}/blog/${slug ?? ''}`;
  const head = useMemo(() => (story.data ? blogHeadOf(story.data, url) : null), [story.data, url]);
  usePageTitle(
    story.isPending ? 'Blog | Saathi' : story.data ? (head?.title ?? '') : 'Blog Post Not Found | Saathi',
  );
  useBlogHead(head);

  const back = (
    <Link to="/blog" className={`${linkClass} inline-flex items-center gap-1 text-sm`}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to Blog
    </Link>
  );

  if (story.isPending) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        {back}
        <div className="mt-6">
          <BlogSkeleton label="Loading story" count={1} />
        </div>
      </div>
    );
  }

  const post = story.data;
  if (!post) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <NoticeCard icon={SearchX} title="Blog Post Not Found">
          <p className="mt-2 text-slate-600">
            {story.isError
              ? 'This story could not be loaded. Please try again.'
              : 'The story you are looking for does not exist or is no longer published.'}
          </p>
          <Link to="/blog" className={`${buttonPrimary} mt-6`}>
            Browse All Posts
          </Link>
        </NoticeCard>
      </div>
    );
  }

  const related = relatedStories(featured.data ?? [], post.slug, BLOG_RELATED_SHOWN);
  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex items-center justify-between gap-4">
        {back}
        <BlogShareButton title={post.title} url={url} label="Share" />
      </div>
      <article className="mt-6">
        <header>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
            <span className="inline-flex items-center gap-1">
              <Calendar className="h-4 w-4" aria-hidden="true" />
              <time dateTime={post.createdAt}>{blogDate(post.createdAt, 'long')}</time>
            </span>
            <span className="inline-flex items-center gap-1">
              <Clock className="h-4 w-4" aria-hidden="true" />
              {readTimeLabel(post.wordCount)}
            </span>
            <span className="inline-flex items-center gap-1">
              <Eye className="h-4 w-4" aria-hidden="true" />
              {viewsLabel(post.viewCount)}
            </span>
            {post.featured && (
              <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900">
                <Star className="h-3 w-3" aria-hidden="true" /> Featured
              </span>
            )}
          </div>
          <h1 className="mt-3 text-3xl font-bold text-slate-900">{post.title}</h1>
          <p className="mt-3 text-lg text-slate-700">{post.excerpt}</p>
          <BlogTags tags={post.tags} max={post.tags.length} />
        </header>
        <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <BlogContent content={post.content} />
        </div>
        <footer className="mt-6 flex flex-wrap items-center justify-between gap-4 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-600">
            Published on <time dateTime={post.createdAt}>{blogDate(post.createdAt, 'long')}</time>
          </p>
          <BlogShareButton title={post.title} url={url} label="Share this story" />
        </footer>
      </article>

      {related.length > 0 && (
        <section aria-labelledby="related-stories" className="mt-10">
          <h2 id="related-stories" className="text-xl font-semibold text-slate-900">
            More Stories You Might Like
          </h2>
          <div className="mt-4 grid gap-4 md:grid-cols-3">
            {related.map((item) => (
              <BlogPostCard key={item.id} story={item} variant="related" />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
