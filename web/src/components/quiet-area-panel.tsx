import { useMemo, useState } from 'react';
import { Loader2, MapPin, Sparkles } from 'lucide-react';
import type { FeedPost } from '@saathi/contracts';
import { useFeed } from '../api/use-feed';
import { formatDistance } from '../lib/distance';
import { flattenPages } from '../lib/feed-pages';
import type { UserLocation } from '../lib/location';
import { POST_STARTERS, type PostDraftStart } from '../lib/post-starters';
import { ActivityPanel } from './activity-panel';
import { PostCard } from './post-card';
import { buttonSecondary, cardClass } from './ui';

/** The wider looks a quiet area may take, for this visit only (the 1 km feed stays the default). */
const WIDER_RADII = [3, 5] as const;
type WiderRadius = (typeof WIDER_RADII)[number];

interface QuietAreaPanelProps {
  location: UserLocation;
  /** The posts the 1 km feed already shows: not repeated below. */
  nearPosts: readonly FeedPost[];
  onStartPost: (draft: PostDraftStart) => void;
  onSelectHashtag: (tag: string | undefined) => void;
}

/**
 * Fewer than 3 posts within 1 km: say so, offer a look at 3 or 5 km for this visit (kept in this
 * component's state alone, so a reload or another visit is back to 1 km), and invite the person
 * to post the first activity from a one-tap starter.
 */
export function QuietAreaPanel({ location, nearPosts, onStartPost, onSelectHashtag }: QuietAreaPanelProps) {
  const [radius, setRadius] = useState<WiderRadius>();
  const wider = useFeed(
    radius ? { latitude: location.latitude, longitude: location.longitude, radius } : null,
  );
  const farther = useMemo(() => {
    const near = new Set(nearPosts.map((post) => post.id));
    return wider.data ? flattenPages(wider.data.pages).filter((post) => !near.has(post.id)) : [];
  }, [wider.data, nearPosts]);

  return (
    <section aria-labelledby="quiet-area-title" className={`${cardClass} space-y-5`}>
      <div>
        <h2 id="quiet-area-title" className="text-lg font-semibold text-slate-900">
          It&apos;s quiet within 1 km right now
        </h2>
        {/* Short: a longer text here outgrows what the HTML painted first, and becomes home's LCP. */}
        <p className="mt-1 text-sm text-slate-600">
          Plans stay easy within 1 km. For this visit, look farther:
        </p>
        <div className="mt-3 flex flex-wrap gap-2">
          {WIDER_RADII.map((km) => (
            <button
              key={km}
              type="button"
              aria-pressed={radius === km}
              onClick={() => setRadius(km)}
              className={buttonSecondary}
            >
              <MapPin className="h-4 w-4" aria-hidden="true" />
              Show posts within {km} km
            </button>
          ))}
        </div>
      </div>

      {radius ? (
        <div aria-live="polite" className="space-y-4">
          <h3 className="font-semibold text-slate-900">Posts within {radius} km</h3>
          {wider.isPending ? (
            <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
              <Loader2 className="animate-spin-late h-4 w-4 text-teal-700" aria-hidden="true" />
              Loading posts...
            </p>
          ) : wider.isError ? (
            <p className="text-sm text-red-800">Failed to fetch posts</p>
          ) : farther.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing farther out either, yet.</p>
          ) : (
            <ul className="space-y-4" aria-label={`Posts within ${radius} km`}>
              {farther.map((post) => (
                <li key={post.id} className="space-y-1">
                  {post.distanceKm !== null ? (
                    <p className="text-xs font-medium text-amber-800">
                      Beyond your 1 km: {formatDistance(post.distanceKm)}
                    </p>
                  ) : null}
                  <PostCard post={post} onSelectHashtag={onSelectHashtag} />
                  {post.activity ? <ActivityPanel post={post} /> : null}
                </li>
              ))}
            </ul>
          )}
          {wider.hasNextPage ? (
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => void wider.fetchNextPage()}
              disabled={wider.isFetchingNextPage}
            >
              {wider.isFetchingNextPage ? 'Loading...' : 'Load More Posts'}
            </button>
          ) : null}
        </div>
      ) : null}

      <div>
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <Sparkles className="h-4 w-4 text-teal-700" aria-hidden="true" />
          Post the first activity nearby
        </h3>
        <div className="mt-3 flex flex-wrap gap-2">
          {POST_STARTERS.map(({ label, draft }) => (
            <button
              key={label}
              type="button"
              aria-haspopup="dialog"
              onClick={() => onStartPost(draft)}
              className="rounded-full border border-teal-700 px-3 py-1.5 text-sm font-medium text-teal-800 hover:bg-teal-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              {label}
            </button>
          ))}
        </div>
      </div>
    </section>
  );
}
