import clsx from 'clsx';
import { POST_HASHTAGS, type PostHashtag } from '@saathi/contracts';
import { labelClass } from './ui';

/** The post's hashtags as toggle buttons, for a new post and for an edit alike. */
export function HashtagPicker({
  chosen,
  onToggle,
}: {
  chosen: readonly PostHashtag[];
  onToggle: (tag: PostHashtag) => void;
}) {
  return (
    <fieldset>
      <legend className={labelClass}>Hashtags</legend>
      <div className="flex flex-wrap gap-2">
        {POST_HASHTAGS.map((tag) => {
          const on = chosen.includes(tag);
          return (
            <button
              key={tag}
              type="button"
              aria-pressed={on}
              onClick={() => onToggle(tag)}
              className={clsx(
                'rounded-full border px-3 py-1 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
                on
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              #{tag}
            </button>
          );
        })}
      </div>
    </fieldset>
  );
}
