import { useEffect, useState } from 'react';
import clsx from 'clsx';
import { LocateFixed, Loader2 } from 'lucide-react';
import {
  LOCATION_BANNER_DELAY_MS,
  LOCATION_PERMISSION_KEY,
  shouldOfferLocationBanner,
  type LocationPermissionAnswer,
} from '../lib/location-banner';
import { useCurrentUser } from '../api/use-current-user';
import type { UserLocation } from '../lib/location';
import { useAutoLocate } from '../lib/use-auto-locate';
import { useLocalStorageValue } from '../lib/use-local-storage-value';
import { useStoredLocation } from '../lib/use-stored-location';
import { buttonGhost, buttonPrimary } from './ui';

/** Asks for the browser location 1 s after load, unless a location is saved or it was answered before. */
export function LocationBanner() {
  const { location, setLocation } = useStoredLocation();
  const { isAuthenticated } = useCurrentUser();
  const [handled, setHandled] = useLocalStorageValue(LOCATION_PERMISSION_KEY);
  const [delayPassed, setDelayPassed] = useState(false);
  const { locate, locating } = useAutoLocate((found: UserLocation) => {
    setHandled('true' satisfies LocationPermissionAnswer);
    setLocation(found);
  });

  useEffect(() => {
    const timer = setTimeout(() => setDelayPassed(true), LOCATION_BANNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  if (!delayPassed || !shouldOfferLocationBanner(!!location, handled)) return null;

  return (
    <section
      aria-labelledby="location-banner-title"
      className={clsx(
        // Above the phone's bottom navigation, which signed-in visitors have.
        isAuthenticated ? 'bottom-14 md:bottom-0' : 'bottom-0',
        'fixed inset-x-0 z-30 border-t border-slate-200 bg-white/95 p-4 shadow-[0_-4px_16px_rgba(15,23,42,0.08)] backdrop-blur',
      )}
    >
      <div className="mx-auto flex max-w-3xl flex-col gap-3 sm:flex-row sm:items-center">
        <div className="flex-1">
          <h2 id="location-banner-title" className="font-semibold text-slate-900">
            See who is nearby
          </h2>
          <p className="text-sm text-slate-600">
            Allow location access to find activity partners within 1 km of you.
          </p>
        </div>
        <div className="flex gap-2">
          <button type="button" className={buttonGhost} onClick={() => setHandled('dismissed')}>
            Later
          </button>
          <button type="button" className={buttonPrimary} onClick={locate} disabled={locating}>
            {locating ? (
              <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
            ) : (
              <LocateFixed className="h-4 w-4" aria-hidden="true" />
            )}
            Allow Location
          </button>
        </div>
      </div>
    </section>
  );
}
