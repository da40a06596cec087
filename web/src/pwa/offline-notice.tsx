import { WifiOff } from 'lucide-react';
import { useOnline } from './use-online';

export const OFFLINE_MESSAGE = 'You are offline';

/** A bar above the app while there is no connection, so a stalled screen explains itself. */
export function OfflineNotice() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      className="sticky top-0 z-50 flex items-center justify-center gap-2 bg-slate-800 px-4 py-2 text-sm text-white"
    >
      <WifiOff aria-hidden="true" className="size-4" />
      <span>
        <strong className="font-semibold">{OFFLINE_MESSAGE}</strong>. What you see may be out of date; it
        refreshes when the connection is back.
      </span>
    </div>
  );
}
