import { useCallback, useState } from 'react';
import { LOCATION_STORAGE_KEY, parseStoredLocation, type UserLocation } from './location';

function readLocation(): UserLocation | null {
  try {
    const raw = localStorage.getItem(LOCATION_STORAGE_KEY);
    const parsed = parseStoredLocation(raw);
    if (raw && !parsed) localStorage.removeItem(LOCATION_STORAGE_KEY); // a corrupt value is cleared
    return parsed;
  } catch {
    return null;
  }
}

/** The user's location, kept in browser storage as userLocation. */
export function useStoredLocation() {
  const [location, setLocationState] = useState<UserLocation | null>(readLocation);
  const setLocation = useCallback((next: UserLocation | null) => {
    try {
      if (next) localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(next));
      else localStorage.removeItem(LOCATION_STORAGE_KEY);
    } catch {
      // Storage may be unavailable (private mode); the location still applies for this visit.
    }
    setLocationState(next);
  }, []);
  return { location, setLocation };
}
