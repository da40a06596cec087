import type { ReactNode } from 'react';
import clsx from 'clsx';
import type { ActivityWhen } from '@saathi/contracts';

const LABELS: Record<ActivityWhen, string> = { today: 'Happening today', week: 'This week' };

/** A filter chip's look, pressed or not. */
export const filterChipClass = (pressed: boolean) =>
  clsx(
    'tap-target relative rounded-full border px-3 py-1 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
    pressed
      ? 'border-teal-700 bg-teal-700 text-white'
      : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
  );

/**
 * "Happening today" / "This week": activities only; pressing the chosen one again clears it.
 * `children`: more chips in the same row, after these (each in its own `li`).
 */
export function WhenFilter({
  selected,
  onSelect,
  children,
}: {
  selected: ActivityWhen | undefined;
  onSelect: (when: ActivityWhen | undefined) => void;
  children?: ReactNode;
}) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Feed filters">
      {(Object.keys(LABELS) as ActivityWhen[]).map((when) => {
        const active = when === selected;
        return (
          <li key={when}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(active ? undefined : when)}
              className={filterChipClass(active)}
            >
              {LABELS[when]}
            </button>
          </li>
        );
      })}
      {children}
    </ul>
  );
}
