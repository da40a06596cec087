import { Suspense, lazy, useState } from 'react';
import { Loader2, LocateFixed, MapPin, Map as MapIcon } from 'lucide-react';
import { QUICK_CITIES } from '../lib/location';
import { useAutoLocate } from '../lib/use-auto-locate';
import { useStoredLocation } from '../lib/use-stored-location';
import { NoticeCard } from './notice-card';
import { buttonPrimary, buttonSecondary } from './ui';

const LocationPickerDialog = lazy(() => import('./location-picker-dialog'));

/** "Location Access Required": auto-detect, the map picker, or one of the six quick cities. */
export function LocationRequired() {
  const { setLocation } = useStoredLocation();
  const { locate, locating } = useAutoLocate(setLocation);
  const [pickerOpen, setPickerOpen] = useState(false);

  return (
    <div className="mx-auto max-w-lg px-4 pt-10 pb-40">
      <NoticeCard icon={MapPin} title="Location Access Required">
        <p className="mt-2 text-slate-600">
          Saathi shows activity partners within 1 km of you. Share your location or pick a city to get
          started.
        </p>
        <div className="mt-6 grid gap-3 sm:grid-cols-2">
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
        <section aria-labelledby="quick-cities-title" className="mt-8">
          <h2 id="quick-cities-title" className="text-sm font-medium text-slate-700">
            Or choose a city
          </h2>
          <ul className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {QUICK_CITIES.map((city) => (
              <li key={city.locationName}>
                <button
                  type="button"
                  className={`${buttonSecondary} w-full`}
                  onClick={() => setLocation(city)}
                >
                  {city.locationName}
                </button>
              </li>
            ))}
          </ul>
        </section>
      </NoticeCard>
      {pickerOpen ? (
        <Suspense fallback={null}>
          <LocationPickerDialog open={pickerOpen} onOpenChange={setPickerOpen} onSelect={setLocation} />
        </Suspense>
      ) : null}
    </div>
  );
}
