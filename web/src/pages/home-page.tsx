import { Suspense, lazy, useState } from 'react';
import { Loader2, LocateFixed, MapPin, Map as MapIcon } from 'lucide-react';
import { NoticeCard } from '../components/notice-card';
import { buttonPrimary, buttonSecondary } from '../components/ui';
import {
  GEOLOCATION_TIMEOUT_MS,
  QUICK_CITIES,
  coordinatesName,
  geolocationErrorMessage,
} from '../lib/location';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

const LocationPickerDialog = lazy(() => import('../components/location-picker-dialog'));
import { useStoredLocation } from '../lib/use-stored-location';

/** Home: asks for a location first; the feed issue fills in the rest. */
export default function HomePage() {
  usePageTitle('Saathi - Find Activity Partners Near You');
  const { location, setLocation } = useStoredLocation();
  const [locating, setLocating] = useState(false);
  const [pickerOpen, setPickerOpen] = useState(false);

  const autoLocate = () => {
    if (!('geolocation' in navigator)) {
      toast({
        title: 'Location Access Failed',
        description: geolocationErrorMessage(undefined),
        variant: 'destructive',
      });
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const { latitude, longitude } = position.coords;
        setLocation({ latitude, longitude, locationName: coordinatesName(latitude, longitude) });
      },
      (error) => {
        setLocating(false);
        toast({
          title: 'Location Access Failed',
          description: geolocationErrorMessage(error.code),
          variant: 'destructive',
        });
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  };

  const picker = pickerOpen ? (
    <Suspense fallback={null}>
      <LocationPickerDialog open={pickerOpen} onOpenChange={setPickerOpen} onSelect={setLocation} />
    </Suspense>
  ) : null;

  if (!location) {
    return (
      <div className="mx-auto max-w-lg px-4 py-10">
        <NoticeCard icon={MapPin} title="Location Access Required">
          <p className="mt-2 text-slate-600">
            Saathi shows activity partners within 1 km of you. Share your location or pick a city to get
            started.
          </p>
          <div className="mt-6 grid gap-3 sm:grid-cols-2">
            <button type="button" className={buttonPrimary} onClick={autoLocate} disabled={locating}>
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
        {picker}
      </div>
    );
  }

  return (
    <div className="mx-auto max-w-3xl px-4 py-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Currently Active Near You</h1>
        <button
          type="button"
          className={buttonSecondary}
          onClick={() => setPickerOpen(true)}
          aria-haspopup="dialog"
        >
          <MapPin className="h-4 w-4" aria-hidden="true" />
          {location.locationName}
          <span className="sr-only">, Change Location</span>
        </button>
      </div>
      <NoticeCard level={2} title="Why Saathi?" className="mt-6">
        <p className="mt-2 text-slate-600">
          Find a gym buddy, a study partner or a hiking companion within 1 km. Built with love in India, Data
          never sold.
        </p>
      </NoticeCard>
      {picker}
    </div>
  );
}
