import { useCallback, useState } from 'react';
import { snapPoint } from '@saathi/contracts';
import {
  GEOLOCATION_TIMEOUT_MS,
  coordinatesName,
  geolocationErrorMessage,
  type UserLocation,
} from './location';
import { toast } from './toast-store';

function failed(code: number | undefined): void {
  toast({
    title: 'Location Access Failed',
    description: geolocationErrorMessage(code),
    variant: 'destructive',
  });
}

/**
 * Asks the browser where the visitor is (15 s timeout); on success hands the point, named by its
 * coordinates, to `onLocated`; on failure says why in a toast. The fix is snapped to the ~110 m
 * grid at once, so the exact one is never stored, shown or sent.
 */
export function useAutoLocate(onLocated: (location: UserLocation) => void) {
  const [locating, setLocating] = useState(false);
  const locate = useCallback(() => {
    if (!('geolocation' in navigator)) {
      failed(undefined);
      return;
    }
    setLocating(true);
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setLocating(false);
        const { latitude, longitude } = snapPoint(position.coords);
        onLocated({ latitude, longitude, locationName: coordinatesName(latitude, longitude) });
      },
      (error) => {
        setLocating(false);
        failed(error.code);
      },
      { enableHighAccuracy: true, timeout: GEOLOCATION_TIMEOUT_MS, maximumAge: 60_000 },
    );
  }, [onLocated]);
  return { locate, locating };
}
