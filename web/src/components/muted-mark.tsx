import { BellOff } from 'lucide-react';

/** Beside a muted thread's name in a list: its notifications are off, its unread count still shows. */
export function MutedMark() {
  return (
    <span className="inline-flex shrink-0 text-slate-500" title="Muted">
      <BellOff className="h-3.5 w-3.5" aria-hidden="true" />
      <span className="sr-only">Muted</span>
    </span>
  );
}
