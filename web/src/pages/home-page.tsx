import { Suspense, lazy, memo, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { AlertCircle, Loader2, Plus } from 'lucide-react';
import clsx from 'clsx';
import type { QueryClient } from '@tanstack/react-query';
import { type ActivityWhen, type FeedPost, type PostHashtag } from '@saathi/contracts';
import { loginRedirectRoute } from '../api/routes';
import { currentUserQuery, useCurrentUser } from '../api/use-current-user';
import { dailyResponsesQuery } from '../api/use-daily-question';
import { feedQuery, useFeed } from '../api/use-feed';
import { profileQuery, useProfile } from '../api/use-profile';
import type { FeedListParams } from '../api/feed-query-keys';
import { CommunityBanner } from '../components/community-banner';
import { DailyQuestionCard } from '../components/daily-question-card';
import { FeedSidebar } from '../components/feed-sidebar';
import { SearchAndFilters } from '../components/hashtag-filter';
import { LocationBanner } from '../components/location-banner';
import { LocationRequired } from '../components/location-required';
import { PostCard } from '../components/post-card';
import { ActivityPanel } from '../components/activity-panel';
import { filterChipClass, WhenFilter } from '../components/when-filter';
import { PostSkeletons } from '../components/post-skeleton';
// In the first load, not lazy: a panel arriving after the feed would push what is under it down.
import { QuietAreaPanel } from '../components/quiet-area-panel';
import { SiteFooter } from '../components/site-footer';
import { buttonSecondary } from '../components/ui';
import { WhySaathi } from '../components/why-saathi';
import { feedTitle, flattenPages, hashtagsOfInterests, isFiltered, isPostHashtag } from '../lib/feed-pages';
import type { UserLocation } from '../lib/location';
import { useDebouncedValue } from '../lib/use-debounced-value';
import { usePageTitle } from '../lib/use-page-title';
import { getLocation, useStoredLocation } from '../lib/use-stored-location';
import { QUIET_AREA_BELOW, type PostDraftStart } from '../lib/post-starters';

// Dialogs and the admin tools load when first opened.
const CreatePostDialog = lazy(() => import('../components/create-post-dialog'));
const LocationPickerDialog = lazy(() => import('../components/location-picker-dialog'));
const AdminBotPanel = lazy(() => import('../components/admin-bot-panel'));

const SEARCH_DEBOUNCE_MS = 300;

interface FeedFilters {
  hashtag?: PostHashtag | undefined;
  search: string;
  when?: ActivityWhen | undefined;
  /** "Matches my interests": the viewer's hashtag interests, any of them. */
  anyHashtag?: readonly PostHashtag[] | undefined;
}

/** The feed's query parameters: the same object for the first fetch and for the screen. */
function feedParams(location: UserLocation, filters: FeedFilters): FeedListParams {
  const { hashtag, search, when, anyHashtag } = filters;
  return {
    latitude: location.latitude,
    longitude: location.longitude,
    hashtag,
    search,
    when,
    // Absent unless chosen, so the plain feed's key stays the one home's first load fetched.
    ...(anyHashtag ? { anyHashtag } : {}),
  };
}

/**
 * What home's first render shows, fetched as soon as the page's code has loaded (app.tsx waits
 * for it, a short while at most): the first render then draws the feed itself instead of
 * skeletons, and the screen is not rendered a second time, all at once, when the answers come.
 */
export async function loadFirstData(client: QueryClient): Promise<void> {
  const location = getLocation();
  if (!location) return;
  // A failed fetch is the screen's to show (its queries hold the error), not this wait's.
  const settled = () => undefined;
  await Promise.all([
    // Signed in, the person's own profile too: its interests decide the filter chips' row.
    client
      .query(currentUserQuery)
      .then((user) => (user ? client.query(profileQuery(user.id)) : undefined))
      .catch(settled),
    client.query(dailyResponsesQuery).catch(settled),
    client.infiniteQuery(feedQuery(feedParams(location, { search: '' }))).catch(settled),
  ]);
}

/**
 * Home: a location first, then the feed of posts within 1 km with everything around it. Its
 * first screen is also written into the served HTML before any script runs (`prerenderedMainFor`
 * in services/contracts/src/web/prerender.ts: the same elements and classes as the question of
 * the day, the community banner and "Location Access Required" here;
 * home-page.prerender.test.tsx keeps the two alike): change one, change the other.
 */
export default function HomePage() {
  usePageTitle('Saathi - Find Activity Partners Near You');
  const { location } = useStoredLocation();
  const [adminOpen, setAdminOpen] = useState(false);

  // The hidden admin tools: Ctrl+Shift+A toggles them (the server checks the admin role).
  useEffect(() => {
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.ctrlKey && e.shiftKey && !e.altKey && !e.metaKey && e.key.toLowerCase() === 'a') {
        e.preventDefault();
        setAdminOpen((open) => !open);
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  return (
    <>
      {location ? <HomeFeed location={location} /> : <LocationRequired />}
      <LocationBanner />
      {adminOpen ? (
        <Suspense fallback={null}>
          <AdminBotPanel location={location} onClose={() => setAdminOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

function HomeFeed({ location }: { location: UserLocation }) {
  const { user, isAuthenticated, isLoading: userLoading } = useCurrentUser();
  const { setLocation } = useStoredLocation();
  const [searchInput, setSearchInput] = useState('');
  const [hashtag, setHashtag] = useState<PostHashtag>();
  const [when, setWhen] = useState<ActivityWhen>();
  const [mine, setMine] = useState(false);
  // The viewer's own hashtag interests (from their profile), for "Matches my interests".
  const ownProfile = useProfile(isAuthenticated ? user?.id : undefined);
  const myHashtags = useMemo(
    () => hashtagsOfInterests(ownProfile.data?.interests ?? []),
    [ownProfile.data?.interests],
  );
  const matchingMine = mine && myHashtags.length > 0;
  const [createOpen, setCreateOpen] = useState(false);
  const [draft, setDraft] = useState<PostDraftStart>();
  const [pickerOpen, setPickerOpen] = useState(false);
  const search = useDebouncedValue(searchInput.trim(), SEARCH_DEBOUNCE_MS);
  const filter = { hashtag, search, mine: matchingMine };
  const filtered = isFiltered(filter) || !!when;

  const feed = useFeed(
    feedParams(location, { hashtag, search, when, anyHashtag: matchingMine ? myHashtags : undefined }),
  );
  // The feed's answer is rendered as a deferred (interruptible) update: a page of posts with
  // their activity panels is the biggest render of the screen, and done at once it was one long
  // task on a phone's main thread right after the first paint. Deferred, React renders it in
  // slices and the screen above it stays responsive; the list is memoized so the urgent render
  // (the skeletons, the filters) does not redo it.
  const feedPages = useDeferredValue(feed.data);
  const posts = useMemo(() => (feedPages ? flattenPages(feedPages.pages) : []), [feedPages]);

  const openCreatePost = () => {
    // Posting needs an account: signed-out visitors go through the sign-in redirect.
    if (userLoading) return;
    if (!isAuthenticated) {
      window.location.assign(loginRedirectRoute.path);
      return;
    }
    setCreateOpen(true);
  };

  const startPost = (start: PostDraftStart) => {
    setDraft(start);
    openCreatePost();
  };

  const onCreateOpenChange = (open: boolean) => {
    setCreateOpen(open);
    if (!open) setDraft(undefined);
  };

  // Fewer than 3 posts within 1 km (and no more pages): never just an empty list.
  const quiet =
    !filtered && feed.isSuccess && !!feedPages && !feed.hasNextPage && posts.length < QUIET_AREA_BELOW;

  const selectHashtag = useCallback((tag: string | undefined) => {
    setHashtag(tag && isPostHashtag(tag) ? tag : undefined);
    window.scrollTo({ top: 0, behavior: 'smooth' });
  }, []);

  return (
    <>
      <div className="mx-auto max-w-5xl px-4 py-6">
        <h1 className="sr-only">Activity partners near {location.locationName}</h1>
        <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_19rem]">
          <div className="min-w-0 space-y-5">
            <SearchAndFilters
              search={searchInput}
              onSearchChange={setSearchInput}
              hashtag={hashtag}
              onHashtagChange={setHashtag}
            />
            <WhenFilter selected={when} onSelect={setWhen}>
              {myHashtags.length > 0 ? (
                <li>
                  <button
                    type="button"
                    aria-pressed={matchingMine}
                    onClick={() => setMine(!matchingMine)}
                    className={filterChipClass(matchingMine)}
                  >
                    Matches my interests
                  </button>
                </li>
              ) : null}
            </WhenFilter>
            <DailyQuestionCard location={location} />
            <CommunityBanner />

            <section aria-labelledby="feed-title" className="space-y-4">
              <h2 id="feed-title" className="text-xl font-bold text-slate-900">
                {feedTitle(filter)}
              </h2>
              {feed.isPending || (feed.isSuccess && !feedPages) ? (
                <PostSkeletons />
              ) : feed.isError ? (
                <div
                  role="alert"
                  className="flex items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
                >
                  <AlertCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
                  <p className="flex-1">Failed to fetch posts</p>
                  <button type="button" className={buttonSecondary} onClick={() => void feed.refetch()}>
                    Try Again
                  </button>
                </div>
              ) : posts.length > 0 ? (
                <FeedList posts={posts} onSelectHashtag={selectHashtag} />
              ) : filtered ? (
                <p className="rounded-2xl border border-slate-200 bg-white p-6 text-center text-slate-600">
                  No posts match your search nearby.
                </p>
              ) : null}

              {!filtered && feed.hasNextPage ? (
                <div className="flex justify-center">
                  <button
                    type="button"
                    className={buttonSecondary}
                    onClick={() => void feed.fetchNextPage()}
                    disabled={feed.isFetchingNextPage}
                  >
                    {feed.isFetchingNextPage ? (
                      <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                    ) : null}
                    {feed.isFetchingNextPage ? 'Loading...' : 'Load More Posts'}
                  </button>
                </div>
              ) : null}
            </section>

            {quiet ? (
              <QuietAreaPanel
                key={`${location.latitude},${location.longitude}`}
                location={location}
                nearPosts={posts}
                onStartPost={startPost}
                onSelectHashtag={selectHashtag}
              />
            ) : null}

            {feed.isSuccess && feedPages && posts.length === 0 && !filtered ? (
              <WhySaathi onCreatePost={openCreatePost} />
            ) : null}
          </div>

          <div className="lg:sticky lg:top-20 lg:self-start">
            <FeedSidebar
              location={location}
              hashtag={hashtag}
              onHashtagChange={selectHashtag}
              onCreatePost={openCreatePost}
              onChangeLocation={() => setPickerOpen(true)}
            />
          </div>
        </div>
      </div>

      <SiteFooter />

      <button
        type="button"
        onClick={openCreatePost}
        aria-haspopup="dialog"
        aria-label="Create New Post"
        className={clsx(
          'fixed right-4 z-30 flex h-14 w-14 items-center justify-center rounded-full bg-teal-700 text-white shadow-lg transition hover:bg-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none md:right-8 md:bottom-8',
          isAuthenticated ? 'bottom-20' : 'bottom-6',
        )}
      >
        <Plus className="h-6 w-6" aria-hidden="true" />
      </button>

      {createOpen ? (
        <Suspense fallback={null}>
          <CreatePostDialog
            open={createOpen}
            onOpenChange={onCreateOpenChange}
            location={location}
            {...(draft ? { draft } : {})}
          />
        </Suspense>
      ) : null}
      {pickerOpen ? (
        <Suspense fallback={null}>
          <LocationPickerDialog open={pickerOpen} onOpenChange={setPickerOpen} onSelect={setLocation} />
        </Suspense>
      ) : null}
    </>
  );
}

const FeedList = memo(function FeedList({
  posts,
  onSelectHashtag,
}: {
  posts: FeedPost[];
  onSelectHashtag: (tag: string | undefined) => void;
}) {
  return (
    <ul className="space-y-4">
      {posts.map((post) => (
        <li key={post.id}>
          <PostCard post={post} onSelectHashtag={onSelectHashtag} />
          {post.activity ? <ActivityPanel post={post} /> : null}
        </li>
      ))}
    </ul>
  );
});
