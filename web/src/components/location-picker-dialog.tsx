import { Suspense, lazy, useState, type SubmitEvent } from 'react';
import { QUICK_CITIES, coordinatesName, type UserLocation } from '../lib/location';
import { mapsBrowserKey } from '../lib/maps-key';
import { buttonPrimary, buttonSecondary } from './ui';
import { DialogCloseButton } from './dialog-close-button';
import { TextField } from './text-field';
import { ModalDialog } from './modal-dialog';

// Its own chunk with @react-google-maps/api: fetched only when the dialog opens with a key.
const LocationMapPicker = lazy(() => import('./location-map-picker'));

interface LocationPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (location: UserLocation) => void;
}

/**
 * Choose a location. With a Maps key (the deployment's MAPS_BROWSER_KEY): a map with a place
 * search and a marker to click or drag. Without one, or when the map fails or the user prefers:
 * type coordinates or pick a city. Default centre: New Delhi.
 */
export default function LocationPickerDialog({ open, onOpenChange, onSelect }: LocationPickerDialogProps) {
  const defaultCentre = QUICK_CITIES[0] ?? {
    latitude: 28.6139,
    longitude: 77.209,
    locationName: 'New Delhi',
  };
  const [apiKey] = useState(mapsBrowserKey);
  const [showMap, setShowMap] = useState(apiKey !== null);
  const [latitude, setLatitude] = useState(String(defaultCentre.latitude));
  const [longitude, setLongitude] = useState(String(defaultCentre.longitude));
  const [error, setError] = useState<string>();

  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    const lat = Number(latitude);
    const lng = Number(longitude);
    if (
      !latitude.trim() ||
      !longitude.trim() ||
      !Number.isFinite(lat) ||
      !Number.isFinite(lng) ||
      Math.abs(lat) > 90 ||
      Math.abs(lng) > 180
    ) {
      setError('Enter a latitude between -90 and 90 and a longitude between -180 and 180.');
      return;
    }
    onSelect({ latitude: lat, longitude: lng, locationName: coordinatesName(lat, lng) });
    onOpenChange(false);
  };

  return (
    <ModalDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Select Your Location"
      description={
        apiKey && showMap
          ? 'Search for a place, or click the map or drag the marker.'
          : 'Enter coordinates or choose a city.'
      }
      // Choosing one of the search's suggestions (outside the dialog, see index.css) is not leaving it.
      onInteractOutside={(event) => {
        if (event.target instanceof Element && event.target.closest('.pac-container')) event.preventDefault();
      }}
    >
      {apiKey && showMap ? (
        <Suspense fallback={<p className="mt-4 h-72 text-sm text-slate-600">Loading map…</p>}>
          <LocationMapPicker
            apiKey={apiKey}
            start={defaultCentre}
            onChoose={(location) => {
              onSelect(location);
              onOpenChange(false);
            }}
            onUseForm={() => setShowMap(false)}
          />
        </Suspense>
      ) : (
        <>
          <form onSubmit={onSubmit} className="mt-4 space-y-4" noValidate>
            <div className="grid grid-cols-2 gap-3">
              <TextField
                id="picker-latitude"
                label="Latitude"
                inputMode="decimal"
                value={latitude}
                onChange={setLatitude}
              />
              <TextField
                id="picker-longitude"
                label="Longitude"
                inputMode="decimal"
                value={longitude}
                onChange={setLongitude}
              />
            </div>
            {error ? (
              <p role="alert" className="text-sm text-red-700">
                {error}
              </p>
            ) : null}
            <button type="submit" className={`${buttonPrimary} w-full`}>
              Use This Location
            </button>
          </form>
          <ul className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3">
            {QUICK_CITIES.map((city) => (
              <li key={city.locationName}>
                <button
                  type="button"
                  className={`${buttonSecondary} w-full px-2`}
                  onClick={() => {
                    onSelect(city);
                    onOpenChange(false);
                  }}
                >
                  {city.locationName}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <DialogCloseButton />
    </ModalDialog>
  );
}
