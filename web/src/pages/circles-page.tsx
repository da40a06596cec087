import { Suspense, lazy, useState } from 'react';
import { AlertCircle, Loader2, LocateFixed, Map as MapIcon, Plus, UsersRound } from 'lucide-react';
import { POST_HASHTAGS, type PostHashtag } from '@saathi/contracts';
import { loginRedirectRoute } from '../api/routes';
import { useCirclesNear, useMyCircles } from '../api/use-circles';
import { useCurrentUser } from '../api/use-current-user';
import { CircleCard, CircleSkeletons } from '../components/circle-card';
import { HashtagChips } from '../components/hashtag-filter';
import { buttonPrimary, buttonSecondary, cardClass } from '../components/ui';
import { serverMessage } from '../lib/error-message';
import { flattenPages } from '../lib/feed-pages';
import { useAutoLocate } from '../lib/use-auto-locate';
import { usePageTitle } from '../lib/use-page-title';
import { useStoredLocation } from '../lib/use-stored-location';

// The form and the map load when first opened.
const CircleFormDialog = lazy(() => import('../components/circle-form-dialog'));
const LocationPickerDialog = lazy(() => import('../components/location-picker-dialog'));

/**
 * /circles: "Circles near you" (within 1 km of the point the home feed uses, newest activity
 * first, by topic), the viewer's own circles, and "Create a circle".
 */
export default function CirclesPage() {
  usePageTitle('Circles near you - Saathi');
  const { location, setLocation } = useStoredLocation();
  const { isAuthenticated, isLoading: userLoading } = useCurrentUser();
  const [topic, setTopic] = useState<PostHashtag>();
  const [createOpen, setCreateOpen] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);
  const { locate, locating } = useAutoLocate(setLocation);
  const point = location ? { latitude: location.latitude, longitude: location.longitude } : null;
  const near = useCirclesNear(point, topic);
  const mine = useMyCircles(isAuthenticated);
  // A circle that moved up between two page loads comes back on the next page: shown once.
  const circles = flattenPages(near.data?.pages ?? []);

  const openCreate = () => {
    if (userLoading) return;
    // Creating needs an account: signed-out visitors go through the sign-in redirect.
    if (!isAuthenticated) {
      window.location.assign(loginRedirectRoute.path);
      return;
    }
    setCreateOpen(true);
  };

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 pb-24 md:pb-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">Circles near you</h1>
          <p className="mt-1 text-sm text-slate-600">
            Lasting groups of neighbours who do something together
            {location ? `, within 1 km of ${location.locationName}` : ''}.
          </p>
        </div>
        {location ? (
          <button
            type="button"
            className={buttonPrimary}
            onClick={openCreate}
            aria-haspopup={isAuthenticated ? 'dialog' : undefined}
          >
            <Plus className="h-4 w-4" aria-hidden="true" />
            Create a circle
          </button>
        ) : null}
      </div>

      {!location ? (
        <section aria-labelledby="circles-location-title" className={`${cardClass} mt-6 text-center`}>
          <h2 id="circles-location-title" className="text-lg font-semibold text-slate-900">
            Where are you?
          </h2>
          <p className="mt-2 text-sm text-slate-600">
            Circles are found within 1 km of where you are. Share your location or pick it on the map.
          </p>
          <div className="mt-4 flex flex-wrap justify-center gap-3">
            <button type="button" className={buttonPrimary} onClick={locate} disabled={locating}>
              {locating ? (
                <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
              ) : (
                <LocateFixed className="h-4 w-4" aria-hidden="true" />
              )}
              Try Auto Location
            </button>
            <button
              type="button"
              className={buttonSecondary}
              onClick={() => setPickerOpen(true)}
              aria-haspopup="dialog"
            >
              <MapIcon className="h-4 w-4" aria-hidden="true" />
              Select on Map
            </button>
          </div>
        </section>
      ) : (
        <section aria-label="Circles within 1 km" className="mt-5 space-y-4">
          <div role="group" aria-label="Filter by topic">
            <HashtagChips hashtags={POST_HASHTAGS} selected={topic} onSelect={setTopic} />
          </div>
          {near.isPending ? (
            <CircleSkeletons label="Loading circles" />
          ) : near.isError ? (
            <div
              role="alert"
              className="flex items-center gap-3 rounded-2xl border border-red-200 bg-red-50 p-4 text-red-900"
            >
              <AlertCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
              <p className="flex-1">{serverMessage(near.error) ?? 'Failed to fetch circles'}</p>
              <button type="button" className={buttonSecondary} onClick={() => void near.refetch()}>
                Try Again
              </button>
            </div>
          ) : circles.length === 0 ? (
            <div className={`${cardClass} text-center`}>
              <UsersRound className="mx-auto h-8 w-8 text-teal-700" aria-hidden="true" />
              <p className="mt-3 font-semibold text-slate-900">
                {topic ? `No #${topic} circles within 1 km yet` : 'No circles within 1 km yet'}
              </p>
              <p className="mt-1 text-sm text-slate-600">
                Start one for what you like doing: neighbours nearby will find it here.
              </p>
              <button type="button" className={`${buttonSecondary} mt-4`} onClick={openCreate}>
                <Plus className="h-4 w-4" aria-hidden="true" />
                Start the first one
              </button>
            </div>
          ) : (
            <ul className="space-y-3">
              {circles.map((circle) => (
                <li key={circle.id}>
                  <CircleCard circle={circle} />
                </li>
              ))}
            </ul>
          )}
          {near.hasNextPage ? (
            <div className="flex justify-center">
              <button
                type="button"
                className={buttonSecondary}
                onClick={() => void near.fetchNextPage()}
                disabled={near.isFetchingNextPage}
              >
                {near.isFetchingNextPage ? (
                  <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
                ) : null}
                {near.isFetchingNextPage ? 'Loading...' : 'More circles'}
              </button>
            </div>
          ) : null}
        </section>
      )}

      {isAuthenticated ? (
        <section aria-labelledby="your-circles-title" className="mt-10 space-y-3">
          <h2 id="your-circles-title" className="text-xl font-bold text-slate-900">
            Your circles
          </h2>
          {mine.isPending ? (
            <CircleSkeletons count={2} label="Loading your circles" />
          ) : mine.isError ? (
            <p role="alert" className="text-sm text-red-800">
              {serverMessage(mine.error) ?? 'Could not load your circles.'}
            </p>
          ) : mine.data.length === 0 ? (
            <p className="rounded-2xl border border-slate-200 bg-white p-5 text-center text-sm text-slate-600">
              You are not in any circle yet. Join one nearby, or create your own.
            </p>
          ) : (
            <ul className="space-y-3">
              {mine.data.map((circle) => (
                <li key={circle.id}>
                  <CircleCard circle={circle} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {createOpen ? (
        <Suspense fallback={null}>
          <CircleFormDialog open={createOpen} onOpenChange={setCreateOpen} location={location} />
        </Suspense>
      ) : null}
      {pickerOpen ? (
        <Suspense fallback={null}>
          <LocationPickerDialog open={pickerOpen} onOpenChange={setPickerOpen} onSelect={setLocation} />
        </Suspense>
      ) : null}
    </div>
  );
}
