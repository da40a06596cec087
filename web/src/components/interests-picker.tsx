import clsx from 'clsx';
import { INTERESTS, INTERESTS_MAX, inInterestOrder, type Interest } from '@saathi/contracts';
import { labelClass } from './ui';

/**
 * The own profile's interests as toggle buttons: the post hashtags and the activities. Once 10
 * are on, the others wait (disabled) until one is turned off, so the form never holds more than
 * the server takes.
 */
export function InterestsPicker({
  chosen,
  onChange,
}: {
  chosen: readonly Interest[];
  onChange: (interests: Interest[]) => void;
}) {
  const full = chosen.length >= INTERESTS_MAX;
  const toggle = (interest: Interest) =>
    onChange(
      chosen.includes(interest)
        ? chosen.filter((one) => one !== interest)
        : inInterestOrder([...chosen, interest]),
    );
  return (
    <fieldset aria-describedby="interests-count">
      <legend className={labelClass}>Interests</legend>
      <p id="interests-count" className="mb-2 text-xs text-slate-600" aria-live="polite">
        {chosen.length}/{INTERESTS_MAX} chosen
      </p>
      <div className="flex flex-wrap gap-2">
        {INTERESTS.map((interest) => {
          const on = chosen.includes(interest);
          return (
            <button
              key={interest}
              type="button"
              aria-pressed={on}
              disabled={!on && full}
              onClick={() => toggle(interest)}
              className={clsx(
                'rounded-full border px-3 py-1 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
                on
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              {interest}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
