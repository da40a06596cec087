import { useCallback, useState } from 'react';

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** A string kept in browser storage; storage may be unavailable (private mode), then it lasts the visit. */
export function useLocalStorageValue(key: string) {
  const [value, setValue] = useState<string | null>(() => read(key));
  const store = useCallback(
    (next: string) => {
      try {
        localStorage.setItem(key, next);
      } catch {
        // Remembered for this visit only.
      }
      setValue(next);
    },
    [key],
  );
  return [value, store] as const;
}
