import { useId, useState } from 'react';
import { Search, SlidersHorizontal, X } from 'lucide-react';
import clsx from 'clsx';
import { POPULAR_HASHTAGS, type PostHashtag } from '@saathi/contracts';
import { buttonGhost, buttonSecondary, inputClass } from './ui';

/** Hashtag chips; the chosen one is pressed, and pressing it again clears it. */
export function HashtagChips({
  hashtags = POPULAR_HASHTAGS,
  selected,
  onSelect,
}: {
  hashtags?: readonly PostHashtag[];
  selected: PostHashtag | undefined;
  onSelect: (hashtag: PostHashtag | undefined) => void;
}) {
  return (
    // Rows 10px apart on touch: each 30px chip's 40px hit area (tap-target) ends where the next row's begins.
    <ul className="flex flex-wrap gap-2 pointer-coarse:gap-y-2.5">
      {hashtags.map((tag) => {
        const active = tag === selected;
        return (
          <li key={tag}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onSelect(active ? undefined : tag)}
              className={clsx(
                'tap-target relative rounded-full border px-3 py-1 text-sm font-medium transition focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
                active
                  ? 'border-teal-700 bg-teal-700 text-white'
                  : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50',
              )}
            >
              #{tag}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

interface SearchAndFiltersProps {
  search: string;
  onSearchChange: (search: string) => void;
  hashtag: PostHashtag | undefined;
  onHashtagChange: (hashtag: PostHashtag | undefined) => void;
}

/** The search bar and a Filters toggle revealing the hashtag chips and a clear button. */
export function SearchAndFilters({
  search,
  onSearchChange,
  hashtag,
  onHashtagChange,
}: SearchAndFiltersProps) {
  const [filtersOpen, setFiltersOpen] = useState(!!hashtag);
  const panelId = useId();
  const filtered = !!hashtag || !!search.trim();

  return (
    <div className="space-y-3">
      <div className="flex gap-2" role="search">
        <div className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
            aria-hidden="true"
          />
          <input
            type="search"
            aria-label="Search posts"
            placeholder="Search activities, interests..."
            value={search}
            onChange={(e) => onSearchChange(e.target.value)}
            className={`${inputClass} pl-9`}
          />
        </div>
        <button
          type="button"
          className={clsx(buttonSecondary, 'shrink-0', filtersOpen && 'border-teal-600 text-teal-900')}
          aria-expanded={filtersOpen}
          aria-controls={filtersOpen ? panelId : undefined}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
          Filters
        </button>
      </div>
      {filtersOpen ? (
        <div
          id={panelId}
          role="group"
          aria-label="Filter by hashtag"
          className="rounded-2xl border border-slate-200 bg-white p-4"
        >
          <HashtagChips selected={hashtag} onSelect={onHashtagChange} />
          {filtered ? (
            <button
              type="button"
              className={`${buttonGhost} mt-3`}
              onClick={() => {
                onHashtagChange(undefined);
                onSearchChange('');
              }}
            >
              <X className="h-4 w-4" aria-hidden="true" />
              Clear filters
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
