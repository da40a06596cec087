import { Link } from 'react-router-dom';
import { MapPin, MessageCircle, Plus, User } from 'lucide-react';
import type { PostHashtag } from '@saathi/contracts';
import type { UserLocation } from '../lib/location';
import { HashtagChips } from './hashtag-filter';
import { buttonGhost, buttonSecondary, cardClass } from './ui';

interface FeedSidebarProps {
  location: UserLocation;
  hashtag: PostHashtag | undefined;
  onHashtagChange: (hashtag: PostHashtag | undefined) => void;
  onCreatePost: () => void;
  onChangeLocation: () => void;
}

/** Beside the feed on wide screens, below it on phones. */
export function FeedSidebar({
  location,
  hashtag,
  onHashtagChange,
  onCreatePost,
  onChangeLocation,
}: FeedSidebarProps) {
  return (
    <div className="space-y-4">
      <section aria-labelledby="popular-hashtags-title" className={`${cardClass} p-5`}>
        <h2 id="popular-hashtags-title" className="text-base font-semibold text-slate-900">
          Popular Hashtags
        </h2>
        <div className="mt-3">
          <HashtagChips selected={hashtag} onSelect={onHashtagChange} />
        </div>
      </section>
      <section aria-labelledby="quick-actions-title" className={`${cardClass} p-5`}>
        <h2 id="quick-actions-title" className="text-base font-semibold text-slate-900">
          Quick Actions
        </h2>
        <ul className="mt-2 space-y-1">
          <li>
            <button
              type="button"
              className={`${buttonGhost} tap-target relative w-full justify-start`}
              onClick={onCreatePost}
              aria-haspopup="dialog"
            >
              <Plus className="h-4 w-4" aria-hidden="true" /> Create Post
            </button>
          </li>
          <li>
            <Link to="/messages" className={`${buttonGhost} tap-target relative w-full justify-start`}>
              <MessageCircle className="h-4 w-4" aria-hidden="true" /> View Messages
            </Link>
          </li>
          <li>
            <Link to="/profile" className={`${buttonGhost} tap-target relative w-full justify-start`}>
              <User className="h-4 w-4" aria-hidden="true" /> My Profile
            </Link>
          </li>
        </ul>
      </section>
      <section aria-labelledby="your-location-title" className={`${cardClass} p-5`}>
        <h2 id="your-location-title" className="text-base font-semibold text-slate-900">
          Your Location
        </h2>
        <p className="mt-2 flex items-center gap-1.5 text-sm break-words text-slate-700">
          <MapPin className="h-4 w-4 shrink-0 text-teal-700" aria-hidden="true" />
          {location.locationName}
        </p>
        <button
          type="button"
          className={`${buttonSecondary} mt-3 w-full`}
          onClick={onChangeLocation}
          aria-haspopup="dialog"
        >
          Change Location
        </button>
      </section>
    </div>
  );
}
