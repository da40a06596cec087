import { useSyncExternalStore } from 'react';
import { COUNTDOWN_REFRESH_MS } from './countdown';

// One shared clock for every countdown badge and "time ago" on the page: it ticks every 60 s
// while anything reads it, so a long feed runs one timer, not one per card.

let now = Date.now();
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    now = Date.now();
    timer = setInterval(() => {
      now = Date.now();
      for (const notify of listeners) notify();
    }, COUNTDOWN_REFRESH_MS);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      clearInterval(timer);
      timer = undefined;
    }
  };
}

function getNow(): number {
  // Between subscribers nothing ticks; a first reader must not see an old time.
  if (listeners.size === 0) now = Date.now();
  return now;
}

/** The current time in ms, refreshed every 60 s. */
export function useMinuteClock(): number {
  return useSyncExternalStore(subscribe, getNow, getNow);
}
