import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router-dom';
import clsx from 'clsx';
import {
  ACTIVITY_FEEDBACK_ANCHOR,
  ACTIVITY_VERDICTS,
  type ActivityVerdict,
  type PastActivity,
} from '@saathi/contracts';
import { useActivityFeedback, usePastActivities } from '../api/use-activities';
import { activityWhen, reliabilityText, VERDICT_LABELS } from '../lib/activity-text';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { ReportDialog, type ReportTarget } from './report-dialog';
import { buttonSecondary, cardClass } from './ui';

/** One tap per other person; "Felt unsafe" is saved and then opens the report flow about them. */
function PersonFeedback({
  activity,
  person,
  onUnsafe,
}: {
  activity: PastActivity;
  person: PastActivity['people'][number];
  onUnsafe: (target: ReportTarget) => void;
}) {
  const feedback = useActivityFeedback();
  const give = (verdict: ActivityVerdict) =>
    feedback.mutate(
      { postId: activity.postId, userId: person.userId, verdict },
      {
        onSuccess: () => {
          if (verdict === 'unsafe')
            onUnsafe({ kind: 'user', id: person.userId, excerpt: `Felt unsafe at: ${activity.content}` });
        },
        onError: (err) =>
          toast({
            title: 'Error',
            description: serverMessage(err) ?? 'Something went wrong. Please try again.',
            variant: 'destructive',
          }),
      },
    );
  return (
    <li className="flex flex-wrap items-center gap-2 text-sm">
      <span className="font-medium text-slate-900">
        {person.name}
        {person.isHost ? <span className="text-slate-600"> (host)</span> : null}
      </span>
      <span
        className="ml-auto flex flex-wrap gap-1"
        role="group"
        aria-label={`Feedback about ${person.name}`}
      >
        {ACTIVITY_VERDICTS.map((verdict) => (
          <button
            key={verdict}
            type="button"
            aria-pressed={person.myVerdict === verdict}
            disabled={feedback.isPending}
            onClick={() => give(verdict)}
            className={clsx(
              buttonSecondary,
              person.myVerdict === verdict && 'border-teal-700 bg-teal-50 text-teal-900',
            )}
          >
            {VERDICT_LABELS[verdict]}
          </button>
        ))}
      </span>
    </li>
  );
}

/**
 * On one's own profile: done activities (kept 180 days) with one-tap feedback about each other
 * person, and what others said about you — your "met N of M" and how often each answer was
 * given, never by whom.
 */
export function PastActivitiesSection() {
  const past = usePastActivities(true);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const sectionRef = useRef<HTMLElement>(null);
  const { hash, key } = useLocation();
  const loaded = !!past.data;
  // "How did it go?" opens /profile#activity-feedback: the section only renders once its data is
  // in, after the browser's own jump to the anchor found nothing, so scroll to it then.
  useEffect(() => {
    if (loaded && hash === `#${ACTIVITY_FEEDBACK_ANCHOR}`)
      sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded, hash, key]);
  if (!past.data) return null;
  const { activities, aboutMe } = past.data;
  return (
    <section
      ref={sectionRef}
      id={ACTIVITY_FEEDBACK_ANCHOR}
      className={clsx(cardClass, 'mt-6 scroll-mt-20')}
      aria-labelledby="past-activities-heading"
    >
      <h2 id="past-activities-heading" className="text-lg font-semibold text-slate-900">
        Past activities
      </h2>
      <p className="mt-1 text-sm text-slate-700" data-testid="about-me">
        What others said about you: {reliabilityText(aboutMe.reliability)} · showed up {aboutMe.showedUp} ·
        didn&apos;t show {aboutMe.noShow} · felt unsafe {aboutMe.unsafe}. Only hosts you ask to join see your
        &ldquo;met&rdquo; count.
      </p>
      {activities.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">No past activities yet.</p>
      ) : (
        <ul className="mt-3 space-y-4">
          {activities.map((activity) => (
            <li key={activity.postId} className="space-y-2">
              <p className="text-sm text-slate-900">
                <span className="font-medium">{activity.content}</span>
                <span className="text-slate-600">
                  {' '}
                  · {activityWhen(activity)} · {activity.area}
                  {activity.met ? ' · met' : ''}
                </span>
              </p>
              <ul className="space-y-2">
                {activity.people.map((person) => (
                  <PersonFeedback
                    key={person.userId}
                    activity={activity}
                    person={person}
                    onUnsafe={setReporting}
                  />
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
      {reporting ? (
        <ReportDialog open onOpenChange={(open) => !open && setReporting(null)} target={reporting} />
      ) : null}
    </section>
  );
}
