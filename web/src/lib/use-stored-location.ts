import { useSyncExternalStore } from 'react';
import { rememberHomeScreen } from './home-screen-cookie';
import { LOCATION_STORAGE_KEY, parseStoredLocation, type UserLocation } from './location';

// One location for the whole page (header chip, home screen, post page), kept in browser storage
// as userLocation. A module-level store so every reader sees a change at once.

let current: UserLocation | null | undefined;
const listeners = new Set<() => void>();

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

/** The stored location, outside React (the first screen's data is fetched before it renders). */
export function getLocation(): UserLocation | null {
  current ??= readLocation();
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function setStoredLocation(next: UserLocation | null): void {
  try {
    if (next) localStorage.setItem(LOCATION_STORAGE_KEY, JSON.stringify(next));
    else localStorage.removeItem(LOCATION_STORAGE_KEY);
  } catch {
    // Storage may be unavailable (private mode); the location still applies for this visit.
  }
  current = next;
  rememberHomeScreen(next !== null);
  for (const listener of listeners) listener();
}

/**
 * Brings the home-screen cookie in line with the stored location at start: a browser that
 * stored its location before the cookie existed (or lost the cookie) gets the right first
 * screen from its next visit on, and one whose storage was cleared stops asking for the feed.
 */
export function syncHomeScreenCookie(): void {
  rememberHomeScreen(getLocation() !== null);
}

/** The user's location, kept in browser storage as userLocation. */
export function useStoredLocation() {
  const location = useSyncExternalStore(subscribe, getLocation, getLocation);
  return { location, setLocation: setStoredLocation };
}
