import { Suspense, lazy, useId, useState, type SubmitEvent } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import {
  ArrowLeft,
  CalendarClock,
  CalendarPlus,
  Flag,
  Loader2,
  MapPin,
  Pencil,
  SearchX,
  Users,
} from 'lucide-react';
import clsx from 'clsx';
import { CIRCLE_REQUEST_NOTE_MAX, type Circle } from '@saathi/contracts';
import {
  useCircle,
  useCircleActivities,
  useCloseCircle,
  useJoinCircle,
  useLeaveCircle,
} from '../api/use-circles';
import { useCurrentUser } from '../api/use-current-user';
import { ActivityPanel } from '../components/activity-panel';
import { CircleMembers, CircleRequests } from '../components/circle-members';
import { CircleThreadView } from '../components/circle-thread';
import { ModalDialog } from '../components/modal-dialog';
import { NoticeCard } from '../components/notice-card';
import { PostCard } from '../components/post-card';
import { PostSkeletons } from '../components/post-skeleton';
import { ReportDialog } from '../components/report-dialog';
import { Spinner } from '../components/spinner';
import {
  buttonGhost,
  buttonPrimary,
  buttonSecondary,
  cardClass,
  inputClass,
  linkClass,
} from '../components/ui';
import { activityStart } from '../lib/activity-text';
import { circleActionFailed } from '../lib/circle-action-failed';
import {
  JOIN_POLICY_LABELS,
  circleStanding,
  isMember,
  isOrganiser,
  memberCountText,
  type CircleStanding,
} from '../lib/circle-text';
import { formatDistance } from '../lib/distance';
import { serverMessage } from '../lib/error-message';
import type { UserLocation } from '../lib/location';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';
import { useStoredLocation } from '../lib/use-stored-location';

// Dialogs load when first opened.
const CircleFormDialog = lazy(() => import('../components/circle-form-dialog'));
const CreatePostDialog = lazy(() => import('../components/create-post-dialog'));

/** /circles/:id: the public page for everyone; the thread, activities and members for members. */
export default function CirclePage() {
  const { id } = useParams();
  const { location } = useStoredLocation();
  const point = location ? { latitude: location.latitude, longitude: location.longitude } : null;
  const circle = useCircle(id, point);
  usePageTitle(circle.data ? `${circle.data.name} - Saathi` : 'Circle - Saathi');

  return (
    <div className="mx-auto max-w-3xl px-4 py-6 pb-24 md:pb-6">
      <Link
        to="/circles"
        className={`${linkClass} tap-target relative inline-flex items-center gap-1 text-sm`}
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Circles near you
      </Link>
      {circle.isPending ? (
        <Spinner label="Loading circle" />
      ) : circle.data ? (
        <CircleScreen circle={circle.data} />
      ) : (
        <NoticeCard icon={SearchX} title="Circle Not Found" className="mt-6">
          <p className="mt-2 text-slate-600">
            {circle.isError
              ? (serverMessage(circle.error) ?? 'This circle could not be loaded. Please try again.')
              : 'This circle may have been closed or removed.'}
          </p>
          <Link to="/circles" className={`${buttonPrimary} mt-6`}>
            See circles near you
          </Link>
        </NoticeCard>
      )}
    </div>
  );
}

function CircleScreen({ circle }: { circle: Circle }) {
  const { user } = useCurrentUser();
  const standing = circleStanding(circle);
  const member = isMember(circle);
  const organiser = isOrganiser(circle);
  const closed = !!circle.closedAt;
  return (
    <div className="mt-4 space-y-8">
      <CircleHeader circle={circle} standing={standing} />
      {member && user ? (
        <>
          {organiser && !closed && circle.joinPolicy === 'ask' ? <CircleRequests circle={circle} /> : null}
          <section aria-labelledby="circle-thread-title" className="space-y-3">
            <h2 id="circle-thread-title" className="text-lg font-semibold text-slate-900">
              Thread
            </h2>
            <CircleThreadView
              circleId={circle.id}
              viewerId={user.id}
              closed={closed}
              className="h-[28rem] overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm"
            />
          </section>
          <CircleActivities circle={circle} />
          <CircleMembers circle={circle} viewerId={user.id} />
        </>
      ) : null}
    </div>
  );
}

/** Name, topic, area, members, next activity and description; then what the viewer may do. */
function CircleHeader({ circle, standing }: { circle: Circle; standing: CircleStanding }) {
  const next = circle.nextActivity;
  return (
    <section aria-labelledby="circle-name" className={clsx(cardClass, 'space-y-4')}>
      <div>
        <div className="flex flex-wrap items-start gap-2">
          <h1 id="circle-name" className="min-w-0 flex-1 text-2xl font-semibold break-words text-slate-900">
            {circle.name}
          </h1>
          <span
            className={clsx(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              circle.closedAt
                ? 'bg-slate-200 text-slate-800'
                : circle.joinPolicy === 'open'
                  ? 'bg-teal-100 text-teal-900'
                  : 'bg-amber-100 text-amber-900',
            )}
          >
            {circle.closedAt ? 'Closed' : JOIN_POLICY_LABELS[circle.joinPolicy]}
          </span>
        </div>
        <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
          <span className="rounded-full bg-teal-50 px-2 py-0.5 text-xs font-medium text-teal-900">
            #{circle.topic}
          </span>
          <span className="inline-flex items-center gap-1">
            <MapPin className="h-4 w-4" aria-hidden="true" />
            {circle.areaName}
            {circle.distanceKm !== null ? ` · ${formatDistance(circle.distanceKm)}` : ''}
          </span>
          <span className="inline-flex items-center gap-1">
            <Users className="h-4 w-4" aria-hidden="true" />
            {memberCountText(circle.memberCount)}
          </span>
        </p>
      </div>
      <p className="text-[15px] leading-relaxed break-words whitespace-pre-line text-slate-800">
        {circle.description}
      </p>
      {next ? (
        <p className="flex flex-wrap items-center gap-1 text-sm text-slate-800">
          <CalendarClock className="h-4 w-4 text-teal-700" aria-hidden="true" />
          <span className="font-medium">Next activity:</span> {activityStart(next.startsAt)} ·{' '}
          <Link to={`/post/${next.postId}`} className={linkClass}>
            {next.content.length > 60 ? `${next.content.slice(0, 60)}…` : next.content}
          </Link>
        </p>
      ) : null}
      {circle.closedAt ? (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-sm text-slate-700">
          This circle is closed: it takes no new members, and its thread is read-only.
        </p>
      ) : null}
      <JoinPanel circle={circle} standing={standing} />
      <CircleTools circle={circle} />
    </section>
  );
}

/** The viewer's way in or out: sign in, Join, Ask to join (with a note), Requested, Leave circle. */
function JoinPanel({ circle, standing }: { circle: Circle; standing: CircleStanding }) {
  const { pathname } = useLocation();
  const join = useJoinCircle(circle.id);
  const leave = useLeaveCircle(circle.id);
  const [note, setNote] = useState('');
  const noteId = useId();

  const onJoined = ({ status }: { status: 'member' | 'requested' }) => {
    setNote('');
    toast(
      status === 'member'
        ? { title: "You're in", description: `Welcome to ${circle.name}.` }
        : { title: 'Request sent', description: 'An organiser will answer your request.' },
    );
  };
  const onAsk = (e: SubmitEvent) => {
    e.preventDefault();
    join.mutate(note.trim() || undefined, { onSuccess: onJoined, onError: circleActionFailed });
  };

  switch (standing) {
    case 'signed-out':
      return (
        <p className="flex flex-wrap items-center gap-3 text-sm text-slate-700">
          <Link to="/auth" state={{ returnTo: pathname }} className={buttonPrimary}>
            Sign in to join
          </Link>
          Members see the circle&apos;s thread, activities and each other.
        </p>
      );
    case 'closed':
      return null;
    case 'join':
      return (
        <button
          type="button"
          className={buttonPrimary}
          disabled={join.isPending}
          onClick={() => join.mutate(undefined, { onSuccess: onJoined, onError: circleActionFailed })}
        >
          {join.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
          Join
        </button>
      );
    case 'ask':
      return (
        <form onSubmit={onAsk} className="space-y-2">
          <label htmlFor={noteId} className="block text-sm font-medium text-slate-800">
            A note for the organisers (optional)
          </label>
          <div className="flex flex-wrap gap-2">
            <input
              id={noteId}
              className={clsx(inputClass, 'min-w-0 flex-1')}
              maxLength={CIRCLE_REQUEST_NOTE_MAX}
              placeholder="Say a word about yourself"
              value={note}
              onChange={(e) => setNote(e.target.value)}
            />
            <button type="submit" className={buttonPrimary} disabled={join.isPending}>
              {join.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
              Ask to join
            </button>
          </div>
        </form>
      );
    case 'requested':
      return (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-medium text-amber-900">
            Requested: waiting for an organiser
          </p>
          <button
            type="button"
            className={buttonSecondary}
            disabled={leave.isPending}
            onClick={() => leave.mutate(undefined, { onError: circleActionFailed })}
          >
            Withdraw request
          </button>
        </div>
      );
    case 'removed':
      return (
        <p role="status" className="text-sm text-slate-700">
          An organiser removed you from this circle.
        </p>
      );
    case 'member':
      return (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status" className="text-sm font-medium text-teal-900">
            You&apos;re in this circle{circle.viewer?.role === 'organiser' ? ' as an organiser' : ''}
          </p>
          <button
            type="button"
            className={buttonSecondary}
            disabled={leave.isPending}
            onClick={() =>
              leave.mutate(undefined, {
                onSuccess: () =>
                  toast({ title: 'You left', description: `You are no longer in ${circle.name}.` }),
                onError: circleActionFailed,
              })
            }
          >
            Leave circle
          </button>
        </div>
      );
    case 'creator':
      return (
        <p role="status" className="text-sm font-medium text-teal-900">
          You created this circle. To leave it, hand it over to a member or close it.
        </p>
      );
  }
}

/** Report (anyone signed in); organisers: post an activity, edit; the creator: close. */
function CircleTools({ circle }: { circle: Circle }) {
  const { location } = useStoredLocation();
  const [reportOpen, setReportOpen] = useState(false);
  const [editOpen, setEditOpen] = useState(false);
  const [postOpen, setPostOpen] = useState(false);
  const [closeOpen, setCloseOpen] = useState(false);
  const close = useCloseCircle(circle.id);
  if (!circle.viewer) return null;
  const organiser = isOrganiser(circle) && !circle.closedAt;
  const creator = circle.viewer.isCreator && !circle.closedAt;
  // An activity of the circle is posted at its home (its members live around it), else where the
  // organiser is.
  const home: UserLocation = {
    latitude: circle.latitude,
    longitude: circle.longitude,
    locationName: circle.areaName,
  };

  return (
    <div className="flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3">
      {organiser ? (
        <>
          <button
            type="button"
            className={buttonPrimary}
            aria-haspopup="dialog"
            onClick={() => setPostOpen(true)}
          >
            <CalendarPlus className="h-4 w-4" aria-hidden="true" />
            Post a circle activity
          </button>
          <button
            type="button"
            className={buttonSecondary}
            aria-haspopup="dialog"
            onClick={() => setEditOpen(true)}
          >
            <Pencil className="h-4 w-4" aria-hidden="true" />
            Edit circle
          </button>
        </>
      ) : null}
      {creator ? (
        <button
          type="button"
          className={clsx(buttonSecondary, 'text-red-700')}
          aria-haspopup="dialog"
          onClick={() => setCloseOpen(true)}
        >
          Close circle
        </button>
      ) : null}
      {circle.viewer.isCreator ? null : (
        <button
          type="button"
          className={clsx(buttonGhost, 'ml-auto')}
          aria-haspopup="dialog"
          onClick={() => setReportOpen(true)}
        >
          <Flag className="h-4 w-4" aria-hidden="true" />
          Report circle
        </button>
      )}

      {reportOpen ? (
        <ReportDialog
          open={reportOpen}
          onOpenChange={setReportOpen}
          target={{ kind: 'circle', id: circle.id, excerpt: `${circle.name}\n${circle.description}` }}
        />
      ) : null}
      {editOpen ? (
        <Suspense fallback={null}>
          <CircleFormDialog open={editOpen} onOpenChange={setEditOpen} circle={circle} />
        </Suspense>
      ) : null}
      {postOpen ? (
        <Suspense fallback={null}>
          <CreatePostDialog
            open={postOpen}
            onOpenChange={setPostOpen}
            location={location ?? home}
            circle={{ id: circle.id, name: circle.name }}
          />
        </Suspense>
      ) : null}
      {closeOpen ? (
        <ModalDialog
          open={closeOpen}
          onOpenChange={setCloseOpen}
          role="alertdialog"
          title={`Close ${circle.name}?`}
          description="A closed circle leaves the list, takes no new members and keeps its thread read-only. It cannot be reopened."
        >
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setCloseOpen(false)}>
              Cancel
            </button>
            <button
              type="button"
              className={clsx(buttonPrimary, 'bg-red-700 hover:bg-red-800')}
              disabled={close.isPending}
              onClick={() =>
                close.mutate(undefined, {
                  onSuccess: () => {
                    setCloseOpen(false);
                    toast({ title: 'Circle closed', description: 'Its thread stays readable.' });
                  },
                  onError: circleActionFailed,
                })
              }
            >
              Close for good
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

/** Members: its activities that have not ended, soonest first, as the feed shows them. */
function CircleActivities({ circle }: { circle: Circle }) {
  const { location } = useStoredLocation();
  const point = location ? { latitude: location.latitude, longitude: location.longitude } : null;
  const activities = useCircleActivities(circle.id, point, true);
  return (
    <section aria-labelledby="circle-activities-title" className="space-y-3">
      <h2 id="circle-activities-title" className="text-lg font-semibold text-slate-900">
        Upcoming activities
      </h2>
      {activities.isPending ? (
        <PostSkeletons count={1} />
      ) : activities.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {serverMessage(activities.error) ?? 'Could not load the activities.'}
        </p>
      ) : activities.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          Nothing planned yet.
          {isOrganiser(circle) ? ' Post a circle activity and every member is told.' : ''}
        </p>
      ) : (
        <ul className="space-y-4">
          {activities.data.map((post) => (
            <li key={post.id}>
              <PostCard post={post} />
              {post.activity ? <ActivityPanel post={post} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
