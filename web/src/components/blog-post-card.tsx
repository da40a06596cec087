import { Link } from 'react-router-dom';
import { Calendar, Eye, Star } from 'lucide-react';
import clsx from 'clsx';
import {
  BLOG_TAGS_FEATURED,
  BLOG_TAGS_LIST,
  BLOG_TAGS_RELATED,
  type BlogPostSummary,
} from '@saathi/contracts';
import { blogDate, viewsLabel } from '../lib/blog-format';
import { BlogTags } from './blog-tags';

type Variant = 'featured' | 'list' | 'related';

const TAGS_SHOWN: Record<Variant, number> = {
  featured: BLOG_TAGS_FEATURED,
  list: BLOG_TAGS_LIST,
  related: BLOG_TAGS_RELATED,
};

/** A story on a card linking to /blog/{slug}: date, views, (list only) the Featured badge, title, excerpt, tags. */
export function BlogPostCard({
  story,
  variant,
  headingLevel = 3,
}: {
  story: BlogPostSummary;
  variant: Variant;
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article
      className={clsx(
        'relative flex flex-col rounded-2xl border bg-white p-5 shadow-sm transition hover:shadow-md',
        variant === 'featured' ? 'border-teal-200' : 'border-slate-200',
      )}
    >
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-slate-600">
        <span className="inline-flex items-center gap-1">
          <Calendar className="h-3.5 w-3.5" aria-hidden="true" />
          <time dateTime={story.createdAt}>{blogDate(story.createdAt, 'short')}</time>
        </span>
        <span className="inline-flex items-center gap-1">
          <Eye className="h-3.5 w-3.5" aria-hidden="true" />
          {viewsLabel(story.viewCount)}
        </span>
        {variant === 'list' && story.featured && (
          <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-semibold text-amber-900">
            <Star className="h-3 w-3" aria-hidden="true" /> Featured
          </span>
        )}
      </div>
      <Heading className="mt-2 text-lg font-semibold text-slate-900">
        {/* The link covers the card (its ::after), so the whole card is one target. */}
        <Link
          to={`/blog/${story.slug}`}
          className="after:absolute after:inset-0 after:rounded-2xl hover:text-teal-800 focus-visible:outline-none focus-visible:after:ring-2 focus-visible:after:ring-teal-600"
        >
          {story.title}
        </Link>
      </Heading>
      {variant !== 'related' && <p className="mt-1 line-clamp-3 text-sm text-slate-700">{story.excerpt}</p>}
      <BlogTags tags={story.tags} max={TAGS_SHOWN[variant]} />
    </article>
  );
}
