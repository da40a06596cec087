import { useState, type SubmitEvent } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { QUICK_CITIES, coordinatesName, type UserLocation } from '../lib/location';
import { buttonPrimary, buttonSecondary } from './ui';
import { DialogCloseButton } from './dialog-close-button';
import { TextField } from './text-field';

interface LocationPickerDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onSelect: (location: UserLocation) => void;
}

/**
 * Choose a location without a maps key: type coordinates or pick a city. The feed issue
 * replaces the body with the map when a Maps key is configured. Default centre: New Delhi.
 */
export default function LocationPickerDialog({ open, onOpenChange, onSelect }: LocationPickerDialogProps) {
  const defaultCentre = QUICK_CITIES[0] ?? {
    latitude: 28.6139,
    longitude: 77.209,
    locationName: 'New Delhi',
  };
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
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/40" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100%-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl focus:outline-none">
          <Dialog.Title className="text-lg font-semibold text-slate-900">Select Your Location</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">
            Enter coordinates or choose a city.
          </Dialog.Description>
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
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
