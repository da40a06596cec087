import { Clock } from 'lucide-react';
import clsx from 'clsx';
import { countdown } from '../lib/countdown';
import { useMinuteClock } from '../lib/use-minute-clock';

/** "Expires in 2d 5h" (recomputed every 60 s), or "Expired" in red. */
export function CountdownBadge({ expiresAt }: { expiresAt: string }) {
  const now = useMinuteClock();
  const left = countdown(expiresAt, new Date(now));
  return (
    <span
      className={clsx(
        'inline-flex shrink-0 items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium',
        left.expired ? 'bg-red-50 text-red-700' : 'bg-amber-50 text-amber-900',
      )}
    >
      <Clock className="h-3 w-3" aria-hidden="true" />
      {left.expired ? 'Expired' : `Expires in ${left.remaining}`}
    </span>
  );
}
