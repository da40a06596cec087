import { Suspense, lazy, useState } from 'react';
import { MapPin } from 'lucide-react';
import { useStoredLocation } from '../lib/use-stored-location';

const LocationPickerDialog = lazy(() => import('./location-picker-dialog'));

/** The header's location chip: the chosen place; opens the picker to change it. */
export function LocationChip() {
  const { location, setLocation } = useStoredLocation();
  const [pickerOpen, setPickerOpen] = useState(false);
  if (!location) return null;

  return (
    <>
      <button
        type="button"
        onClick={() => setPickerOpen(true)}
        aria-haspopup="dialog"
        className="tap-target relative inline-flex max-w-[7.5rem] min-w-0 items-center gap-1.5 rounded-full border border-teal-200 bg-teal-50 px-3 py-1.5 text-sm font-medium text-teal-900 hover:bg-teal-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none sm:max-w-[14rem]"
      >
        <MapPin className="h-4 w-4 shrink-0" aria-hidden="true" />
        <span className="truncate">{location.locationName}</span>
        <span className="sr-only">, change location</span>
      </button>
      {pickerOpen ? (
        <Suspense fallback={null}>
          <LocationPickerDialog open={pickerOpen} onOpenChange={setPickerOpen} onSelect={setLocation} />
        </Suspense>
      ) : null}
    </>
  );
}
