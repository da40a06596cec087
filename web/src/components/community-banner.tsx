import { useState } from 'react';
import { Users } from 'lucide-react';
import clsx from 'clsx';
import { communityCount, communityMessage, prerenderedCommunityCount } from '../lib/community-activity';

/**
 * How lively the neighbourhood is: a count from 1 to 8, worded by tier. On a first load it keeps
 * the count the gateway pre-rendered: its text is in view and can be larger than the question of
 * the day's, so a different one would be a new, later Largest Contentful Paint (and a visible
 * change of the number).
 */
export function CommunityBanner() {
  const [count] = useState(() => prerenderedCommunityCount() ?? communityCount());
  const message = communityMessage(count);
  return (
    <section
      aria-label="Community activity"
      data-community-count={count}
      className={clsx(
        'flex items-center gap-3 rounded-2xl border p-4',
        message.tier === 'buzzing'
          ? 'border-amber-200 bg-amber-50 text-amber-950'
          : 'border-teal-200 bg-teal-50 text-teal-950',
      )}
    >
      <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-white">
        <Users className="h-5 w-5" aria-hidden="true" />
      </span>
      <div>
        <p className="font-semibold">{message.headline}</p>
        <p className="text-sm">{message.detail}</p>
      </div>
    </section>
  );
}
