import clsx from 'clsx';
import { Heart } from 'lucide-react';
import type { Interest } from '@saathi/contracts';
import { sharedInterestsText } from '../lib/profile-trust';

/**
 * A profile's interests as chips; on someone else's, the ones the viewer picked too are filled
 * and named in one line ("You both like #hiking"), a reason to say hello.
 */
export function ProfileInterests({
  interests,
  shared,
}: {
  interests: readonly Interest[];
  shared: readonly Interest[];
}) {
  if (interests.length === 0) return null;
  const sharedLine = sharedInterestsText(shared);
  return (
    <div className="mt-4">
      <h3 className="sr-only">Interests</h3>
      <ul aria-label="Interests" className="flex flex-wrap justify-center gap-2 sm:justify-start">
        {interests.map((interest) => {
          const both = shared.includes(interest);
          return (
            <li
              key={interest}
              className={clsx(
                'rounded-full border px-2.5 py-0.5 text-sm font-medium',
                both ? 'border-teal-700 bg-teal-700 text-white' : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              {interest}
              {both ? <span className="sr-only"> (you both like it)</span> : null}
            </li>
          );
        })}
      </ul>
      {sharedLine ? (
        <p className="mt-2 flex items-center justify-center gap-1.5 text-sm font-medium text-teal-800 sm:justify-start">
          <Heart className="h-4 w-4 shrink-0" aria-hidden="true" />
          {sharedLine}
        </p>
      ) : null}
    </div>
  );
}
