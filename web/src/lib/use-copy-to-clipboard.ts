import { useCallback, useEffect, useRef, useState } from 'react';
import { COPIED_INDICATOR_MS } from '@saathi/contracts';

/** Copies text; `copied` stays true for 2 s after a successful copy. */
export function useCopyToClipboard() {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string): Promise<boolean> => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      return false;
    }
    setCopied(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setCopied(false), COPIED_INDICATOR_MS);
    return true;
  }, []);

  return { copied, copy };
}
