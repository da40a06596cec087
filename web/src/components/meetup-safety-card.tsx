import { Link } from 'react-router-dom';
import { ShieldCheck, X } from 'lucide-react';
import { useLocalStorageValue } from '../lib/use-local-storage-value';
import { linkClass } from './ui';

/** The blog's safety story (services/blog's seeded stories). */
export const SAFETY_STORY_PATH = '/blog/safety-tips-meeting-activity-partners';

/**
 * Safety advice shown in a thread until its first reply. Dismissing it is remembered in this
 * browser's storage per viewer and conversation: advice, not a rule, so a second device may show
 * it once more.
 */
export function MeetupSafetyCard({ viewerId, conversationId }: { viewerId: string; conversationId: string }) {
  const [dismissed, dismiss] = useLocalStorageValue(`saathi:safety-card:${viewerId}:${conversationId}`);
  if (dismissed) return null;
  return (
    <aside
      aria-label="Meeting up safely"
      className="relative shrink-0 border-b border-slate-200 bg-teal-50 px-4 py-3 pr-10 text-sm text-slate-800"
    >
      <p className="flex items-center gap-2 font-semibold text-teal-900">
        <ShieldCheck className="h-4 w-4" aria-hidden="true" /> Meeting up safely
      </p>
      <ul className="mt-1 list-disc pl-5">
        <li>Meet in a public place.</li>
        <li>Tell a friend where you are going and with whom.</li>
        <li>If you feel unsafe, leave. You never owe anyone your time.</li>
        <li>To report or block someone, use the menu at the top of this conversation.</li>
      </ul>
      <Link to={SAFETY_STORY_PATH} className={`${linkClass} mt-1 inline-block`}>
        Read our safety tips
      </Link>
      <button
        type="button"
        aria-label="Dismiss safety tips"
        className="absolute top-2 right-2 rounded p-1 text-slate-600 hover:bg-teal-100"
        onClick={() => dismiss('1')}
      >
        <X className="h-4 w-4" aria-hidden="true" />
      </button>
    </aside>
  );
}
