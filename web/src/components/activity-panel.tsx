import { useId, useState, type SubmitEvent } from 'react';
import { CalendarClock, MapPin, Users } from 'lucide-react';
import clsx from 'clsx';
import { ACTIVITY_NOTE_MAX, type ActivityDetail, type FeedPost, type PostActivity } from '@saathi/contracts';
import {
  useActivity,
  useAnswerRequest,
  useCloseActivity,
  useJoinActivity,
  useLeaveActivity,
  useStillGoing,
  useStopRepeating,
} from '../api/use-activities';
import { useCurrentUser } from '../api/use-current-user';
import { activityWhen, LEVEL_LABELS, reliabilityText, spotsText, STATE_LABELS } from '../lib/activity-text';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { ActivityCheckIn } from './activity-check-in';
import { buttonPrimary, buttonSecondary, inputClass, linkClass } from './ui';

const failed = (err: unknown) =>
  toast({
    title: 'Error',
    description: serverMessage(err) ?? 'Something went wrong. Please try again.',
    variant: 'destructive',
  });

/** What everyone sees of an activity: when, where roughly, level, spots left and state. */
export function ActivitySummary({ activity }: { activity: PostActivity }) {
  return (
    <div
      className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700"
      data-testid="activity-summary"
    >
      <span className="inline-flex items-center gap-1">
        <CalendarClock className="h-4 w-4" aria-hidden="true" />
        {activityWhen(activity)}
      </span>
      <span className="inline-flex items-center gap-1">
        <MapPin className="h-4 w-4" aria-hidden="true" />
        {activity.area}
      </span>
      <span>{LEVEL_LABELS[activity.level]}</span>
      <span className="inline-flex items-center gap-1">
        <Users className="h-4 w-4" aria-hidden="true" />
        {spotsText(activity)}
      </span>
      <span
        className={clsx(
          'rounded-full px-2 py-0.5 text-xs font-semibold',
          activity.state === 'open' ? 'bg-teal-100 text-teal-900' : 'bg-slate-200 text-slate-800',
        )}
      >
        {STATE_LABELS[activity.state]}
      </span>
    </div>
  );
}

const STATUS_TEXT = {
  requested: 'Request sent — waiting for the host',
  accepted: "You're in",
  waitlisted: "You're on the waitlist",
  declined: 'The host declined your request',
  left: 'You left this activity',
} as const;

/** The host's list of requests: accept or decline each. */
function RequestsList({ postId, detail }: { postId: string; detail: ActivityDetail }) {
  const answer = useAnswerRequest(postId);
  if (detail.members.length === 0) return <p className="text-sm text-slate-600">No requests yet.</p>;
  return (
    <ul className="space-y-2" aria-label="Requests">
      {detail.members.map((member) => (
        <li key={member.userId} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-slate-900">{member.name}</span>
          <span className="text-slate-600">
            {member.status === 'accepted'
              ? 'In'
              : member.status === 'waitlisted'
                ? 'Waitlist'
                : 'Asked to join'}
          </span>
          {member.note ? <span className="text-slate-700">“{member.note}”</span> : null}
          {member.met ? (
            <span className="rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">
              Met
            </span>
          ) : null}
          {member.reliability ? (
            <span className="text-xs text-slate-600">{reliabilityText(member.reliability)}</span>
          ) : null}
          {member.status !== 'accepted' ? (
            <span className="ml-auto flex gap-2">
              <button
                type="button"
                className={buttonPrimary}
                disabled={answer.isPending || detail.activity.spotsLeft === 0}
                onClick={() => answer.mutate({ userId: member.userId, accept: true }, { onError: failed })}
              >
                Accept {member.name}
              </button>
              <button
                type="button"
                className={buttonSecondary}
                disabled={answer.isPending}
                onClick={() => answer.mutate({ userId: member.userId, accept: false }, { onError: failed })}
              >
                Decline
              </button>
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function JoinForm({ postId }: { postId: string }) {
  const [note, setNote] = useState('');
  const join = useJoinActivity(postId);
  const noteId = useId();
  const onSubmit = (e: SubmitEvent) => {
    e.preventDefault();
    join.mutate(note.trim() || undefined, { onError: failed, onSuccess: () => setNote('') });
  };
  return (
    <form onSubmit={onSubmit} className="flex flex-wrap items-center gap-2">
      <label htmlFor={noteId} className="sr-only">
        A note for the host (optional)
      </label>
      <input
        id={noteId}
        className={clsx(inputClass, 'min-w-0 flex-1')}
        maxLength={ACTIVITY_NOTE_MAX}
        placeholder="A note for the host (optional)"
        value={note}
        onChange={(e) => setNote(e.target.value)}
      />
      <button type="submit" className={buttonPrimary} disabled={join.isPending}>
        I&apos;m in
      </button>
    </form>
  );
}

/** The signed-in viewer's part: join, leave, the exact point once in, and the host's tools. */
function ActivityActions({
  post,
  detail,
  userId,
}: {
  post: FeedPost;
  detail: ActivityDetail;
  userId: string;
}) {
  const leave = useLeaveActivity(post.id);
  const close = useCloseActivity(post.id);
  const stillGoing = useStillGoing(post.id);
  const stopRepeating = useStopRepeating(post.id);
  const isHost = detail.hostId === userId;
  const { state } = detail.activity;
  const status = detail.myStatus;
  const active = status === 'requested' || status === 'accepted' || status === 'waitlisted';
  // Once it has started, an accepted spot is kept (the server refuses leaving it then).
  const mayLeave = active && !(status === 'accepted' && Date.parse(detail.activity.startsAt) <= Date.now());
  return (
    <div className="space-y-2">
      {detail.meetingPoint ? (
        <p className="text-sm text-slate-800">
          <span className="font-medium">Meeting point:</span> {detail.meetingPoint}
        </p>
      ) : null}
      {isHost || detail.myStatus === 'accepted' ? (
        <a className={linkClass} href={`/api/posts/${encodeURIComponent(post.id)}/activity.ics`} download>
          Add to calendar
        </a>
      ) : null}
      <ActivityCheckIn postId={post.id} detail={detail} />
      {isHost ? (
        <>
          <RequestsList postId={post.id} detail={detail} />
          {detail.repeatsWeekly ? (
            <p className="flex flex-wrap items-center gap-2 text-sm text-slate-700">
              Repeats weekly
              <button
                type="button"
                className={buttonSecondary}
                disabled={stopRepeating.isPending}
                onClick={() => stopRepeating.mutate(undefined, { onError: failed })}
              >
                Stop repeating
              </button>
            </p>
          ) : null}
          {state === 'open' || state === 'full' ? (
            <button
              type="button"
              className={buttonSecondary}
              disabled={close.isPending}
              onClick={() => close.mutate(undefined, { onError: failed })}
            >
              Partner found
            </button>
          ) : null}
        </>
      ) : (
        <>
          {status === 'accepted' && detail.reminded && detail.myStillGoing === null ? (
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium text-slate-900">Still going?</span>
              <button
                type="button"
                className={buttonPrimary}
                disabled={stillGoing.isPending}
                onClick={() => stillGoing.mutate(true, { onError: failed })}
              >
                Yes
              </button>
              <button
                type="button"
                className={buttonSecondary}
                disabled={stillGoing.isPending}
                onClick={() => stillGoing.mutate(false, { onError: failed })}
              >
                No, free my spot
              </button>
            </div>
          ) : null}
          {status ? (
            <p role="status" className="text-sm font-medium text-slate-900">
              {STATUS_TEXT[status]}
            </p>
          ) : null}
          {mayLeave ? (
            <button
              type="button"
              className={buttonSecondary}
              disabled={leave.isPending}
              onClick={() => leave.mutate(undefined, { onError: failed })}
            >
              Leave
            </button>
          ) : !active && status !== 'declined' && (state === 'open' || state === 'full') ? (
            <JoinForm postId={post.id} />
          ) : null}
        </>
      )}
    </div>
  );
}

/** An activity's part of a post card: the summary for everyone, the actions for signed-in people. */
export function ActivityPanel({ post }: { post: FeedPost }) {
  const { user } = useCurrentUser();
  const detail = useActivity(post.id, !!user && !!post.activity);
  if (!post.activity) return null;
  const activity = detail.data?.activity ?? post.activity;
  return (
    <section
      aria-label="Activity"
      className="mt-2 space-y-3 rounded-2xl border border-teal-200 bg-teal-50/60 p-4"
    >
      <ActivitySummary activity={activity} />
      {user && detail.data ? <ActivityActions post={post} detail={detail.data} userId={user.id} /> : null}
    </section>
  );
}
