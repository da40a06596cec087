import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { ShieldAlert } from 'lucide-react';
import { REPORT_REASON_LABELS, reviewPostPhotoUrl } from '@saathi/contracts';
import type { ModerationAction, OpenCase, ReviewText } from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import {
  useAuditLog,
  useModerationAction,
  useOpenCases,
  useReviewItem,
  useSuspensions,
} from '../api/use-moderation';
import { ModalDialog } from '../components/modal-dialog';
import { NoticeCard } from '../components/notice-card';
import { Spinner } from '../components/spinner';
import { buttonSecondary, cardClass } from '../components/ui';
import { reviewAuthorLabels } from '../lib/review-labels';
import { handleUnauthorized } from '../lib/unauthorized';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

const KIND_LABELS: Record<OpenCase['targetKind'], string> = {
  post: 'Post',
  comment: 'Comment',
  daily_answer: 'Daily answer',
  message: 'Message',
  circle: 'Circle',
  user: 'Person',
};

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismissed',
  remove: 'Removed',
  suspend: 'Suspended',
  reinstate: 'Reinstated',
  remove_photo: 'Photo hidden',
};

const STATE_LABELS: Record<string, string> = {
  hidden: 'hidden until reviewed',
  removed: 'removed',
  suspended: "hidden: the author's account is suspended",
};

const quoteClass = 'border-l-4 border-slate-300 pl-3 break-words whitespace-pre-line text-slate-900';

/** A photo an admin is about to hide: its post's case and its place among the post's photos. */
type PhotoToHide = { entry: Pick<OpenCase, 'targetKind' | 'targetId'>; photoId: string; label: string };

/**
 * The reported item as the service that owns it stores it (never the reporter's excerpt, which
 * anyone can make up): a post, a comment with its post, a message with the few around it, or a
 * person's public profile. "Item no longer exists" when that service has no such item. A reported
 * post's photos each have "Hide this photo" (`onHidePhoto`), which asks first.
 */
function StoredItem({
  entry,
  onHidePhoto,
  busy = false,
}: {
  entry: Pick<OpenCase, 'targetKind' | 'targetId'>;
  onHidePhoto?: (photo: PhotoToHide) => void;
  busy?: boolean;
}) {
  const item = useReviewItem(entry.targetKind, entry.targetId);
  if (item.isLoading) return <p className="mt-2 text-sm text-slate-600">Loading the item…</p>;
  if (item.error || !item.data)
    return (
      <p role="alert" className="mt-2 text-sm text-red-700">
        Could not load the item.
      </p>
    );
  const found = item.data;
  if (found.kind === 'gone')
    return <p className="mt-2 text-sm font-medium text-slate-700">Item no longer exists</p>;
  if (found.kind === 'person') {
    const { person } = found;
    return (
      <div role="group" className="mt-2 text-sm text-slate-800" aria-label="Person as stored">
        <p>
          <span className="font-medium">{person.displayName ?? person.username}</span> @{person.username}
          {person.suspended ? ' · suspended' : ''}
        </p>
        {person.bio ? <p className="break-words text-slate-700">{person.bio}</p> : null}
        <p className="text-xs text-slate-600">joined {new Date(person.joinedAt).toLocaleDateString()}</p>
      </div>
    );
  }
  const { content } = found;
  const state = (text: ReviewText) =>
    text.moderation ? ` · ${STATE_LABELS[text.moderation] ?? text.moderation}` : '';
  if (entry.targetKind === 'message') {
    // The reported message among its neighbours, oldest first.
    const thread = [...content.context, content].sort(
      (a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id),
    );
    const authors = reviewAuthorLabels(thread, content.authorId);
    return (
      <ol className="mt-2 space-y-1 text-sm" aria-label="Message as stored">
        {thread.map((message) => (
          <li
            key={message.id}
            className={
              message.id === content.id
                ? quoteClass
                : 'border-l-4 border-transparent pl-3 break-words whitespace-pre-line text-slate-500'
            }
          >
            <span className="text-xs">
              {authors.get(message.authorId)}
              {message.id === content.id ? ' · reported' : ''}
              {state(message)}:
            </span>{' '}
            {message.text}
          </li>
        ))}
      </ol>
    );
  }
  const [post] = content.context;
  return (
    <div role="group" className="mt-2 space-y-1" aria-label={`${KIND_LABELS[entry.targetKind]} as stored`}>
      <blockquote className={quoteClass}>{content.text}</blockquote>
      {content.photos?.length ? (
        // The post's photos, whatever moderation did to it: a report may be about one of them.
        <ul className="flex flex-wrap gap-2" aria-label="Photos on the post">
          {content.photos.map((photo, index) => (
            <li key={photo.id} className="flex flex-col items-start gap-1">
              <a
                href={reviewPostPhotoUrl(photo.id)}
                target="_blank"
                rel="noreferrer"
                className="block rounded focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
              >
                <img
                  src={reviewPostPhotoUrl(photo.id)}
                  width={photo.width}
                  height={photo.height}
                  loading="lazy"
                  alt={`Photo ${index + 1} of ${content.photos?.length ?? 0}`}
                  className="h-24 w-auto rounded object-cover"
                />
              </a>
              {entry.targetKind === 'post' && onHidePhoto ? (
                <button
                  type="button"
                  className="text-xs font-medium text-red-700 underline hover:text-red-800 disabled:opacity-60"
                  disabled={busy}
                  aria-label={`Hide photo ${index + 1} of ${content.photos?.length ?? 0}`}
                  onClick={() =>
                    onHidePhoto({
                      entry,
                      photoId: photo.id,
                      label: `photo ${index + 1} of ${content.photos?.length ?? 0}`,
                    })
                  }
                >
                  Hide this photo
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="text-xs text-slate-600">
        As stored, {new Date(content.createdAt).toLocaleString()}
        {state(content)}
      </p>
      {post ? (
        <p className="text-xs break-words text-slate-600">
          On the post: <span className="text-slate-700">{post.text}</span>
          {state(post)}
        </p>
      ) : null}
      {content.earlierVersions?.length ? (
        <details className="text-xs text-slate-600">
          <summary className="cursor-pointer font-medium text-slate-700">
            Edited: {content.earlierVersions.length} earlier{' '}
            {content.earlierVersions.length === 1 ? 'version' : 'versions'}
          </summary>
          {/* Oldest first: what the reporter may have read before the author changed it. */}
          <ol className="mt-1 space-y-1" aria-label="Earlier versions">
            {content.earlierVersions.map((version, index) => (
              <li key={`${version.replacedAt}-${index}`} className="border-l-4 border-slate-200 pl-3">
                <span className="break-words whitespace-pre-line text-slate-700">{version.text}</span>
                {version.hashtags?.length ? ` ${version.hashtags.map((tag) => `#${tag}`).join(' ')}` : ''}
                <span className="block">until {new Date(version.replacedAt).toLocaleString()}</span>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60';

/**
 * /admin/moderation — admins only: open reports with the item as its service stores it, the three
 * actions (and, on a post's photo, hide just that photo), the people suspended now, the audit list.
 */
export default function AdminModerationPage() {
  usePageTitle('Moderation - Saathi');
  const { user, isLoading } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const cases = useOpenCases(isAdmin);
  const audit = useAuditLog(isAdmin);
  const suspensions = useSuspensions(isAdmin);
  const act = useModerationAction();
  const [photoToHide, setPhotoToHide] = useState<PhotoToHide | null>(null);

  if (isLoading) return <Spinner />;
  if (!isAdmin)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <NoticeCard icon={ShieldAlert} title="Moderation" className="py-12">
          <p className="text-slate-600">Only admins can see this page.</p>
        </NoticeCard>
      </div>
    );

  const run = async (
    entry: Pick<OpenCase, 'targetKind' | 'targetId'>,
    action: ModerationAction,
    photoId?: string,
  ) => {
    try {
      await act.mutateAsync({
        action,
        targetKind: entry.targetKind,
        targetId: entry.targetId,
        ...(photoId ? { photoId } : {}),
      });
      toast({ title: ACTION_LABELS[action] });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Error', description: 'The action failed. Please try again.', variant: 'destructive' });
    }
  };

  // A case acted on between two pages can come back in a refetch of both; show it once.
  const open = [
    ...new Map(
      (cases.data?.pages ?? [])
        .flatMap((page) => page.cases)
        .map((entry) => [`${entry.targetKind}:${entry.targetId}`, entry] as const),
    ).values(),
  ];
  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-semibold text-slate-900">Moderation</h1>
        <p className="mt-1 text-sm text-slate-600">
          Reported items awaiting review, oldest first. Every action is recorded below.
        </p>
      </div>

      <section aria-labelledby="open-reports" className="space-y-3">
        <h2 id="open-reports" className="text-lg font-semibold text-slate-900">
          Open reports
        </h2>
        {cases.isLoading ? (
          <Spinner />
        ) : cases.error ? (
          <p role="alert" className="text-red-700">
            Could not load the reports.
          </p>
        ) : open.length === 0 ? (
          <p className="text-slate-600">Nothing to review.</p>
        ) : (
          <ul className="space-y-3">
            {open.map((entry) => (
              <li key={`${entry.targetKind}:${entry.targetId}`}>
                <article
                  className={cardClass}
                  aria-label={`Reported ${KIND_LABELS[entry.targetKind].toLowerCase()}`}
                >
                  <p className="text-xs font-medium tracking-wide text-slate-600 uppercase">
                    {KIND_LABELS[entry.targetKind]} · {entry.reporters}{' '}
                    {entry.reporters === 1 ? 'report' : 'reports'}
                    {entry.hidden ? ' · hidden until reviewed' : ''}
                  </p>
                  <StoredItem entry={entry} onHidePhoto={setPhotoToHide} busy={act.isPending} />
                  {entry.excerpt ? (
                    <p className="mt-2 text-sm break-words whitespace-pre-line text-slate-600">
                      <span className="font-medium">As reported</span> (the reporter&apos;s words, not
                      checked): {entry.excerpt}
                    </p>
                  ) : null}
                  <p className="mt-2 text-sm text-slate-700">
                    {entry.reasons.map((r) => `${REPORT_REASON_LABELS[r.reason]} (${r.count})`).join(', ')}
                  </p>
                  {entry.notes.length > 0 ? (
                    <ul className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700">
                      {entry.notes.map((note, index) => (
                        <li key={index} className="break-words">
                          {note}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                  <p className="mt-2 text-xs text-slate-600">
                    {entry.ownerId ? (
                      <>
                        Owner{' '}
                        <a className="underline" href={`/profile/${entry.ownerId}`}>
                          profile
                        </a>
                      </>
                    ) : (
                      'Owner not known yet'
                    )}{' '}
                    · first reported {new Date(entry.firstReportedAt).toLocaleString()}
                  </p>
                  <div className="mt-3 flex flex-wrap gap-2">
                    <button
                      type="button"
                      className={buttonSecondary}
                      disabled={act.isPending}
                      onClick={() => void run(entry, 'dismiss')}
                    >
                      Dismiss
                    </button>
                    {entry.targetKind === 'user' ? null : (
                      <button
                        type="button"
                        className={dangerButton}
                        disabled={act.isPending}
                        onClick={() => void run(entry, 'remove')}
                      >
                        Remove content
                      </button>
                    )}
                    <button
                      type="button"
                      className={dangerButton}
                      disabled={act.isPending || !entry.ownerId}
                      onClick={() => void run(entry, 'suspend')}
                    >
                      Suspend person
                    </button>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        )}
        {cases.hasNextPage ? (
          <button
            type="button"
            className={buttonSecondary}
            disabled={cases.isFetchingNextPage}
            onClick={() => void cases.fetchNextPage()}
          >
            {cases.isFetchingNextPage ? 'Loading…' : 'Load more'}
          </button>
        ) : null}
      </section>

      <ModalDialog
        open={photoToHide !== null}
        onOpenChange={(next) => !act.isPending && !next && setPhotoToHide(null)}
        title="Hide this photo"
        description={`Take ${photoToHide?.label ?? 'this photo'} off the post for everyone? The post stays, the photo is deleted and the report is closed.`}
        descriptionClassName="mt-2 text-sm text-slate-600"
        width="sm"
        role="alertdialog"
      >
        <div className="mt-6 flex justify-end gap-2">
          <Dialog.Close className={buttonSecondary} disabled={act.isPending}>
            Cancel
          </Dialog.Close>
          <button
            type="button"
            className={dangerButton}
            disabled={act.isPending}
            onClick={() => {
              if (!photoToHide) return;
              void run(photoToHide.entry, 'remove_photo', photoToHide.photoId).finally(() =>
                setPhotoToHide(null),
              );
            }}
          >
            Hide photo
          </button>
        </div>
      </ModalDialog>

      <section aria-labelledby="suspended-people" className={cardClass}>
        <h2 id="suspended-people" className="text-lg font-semibold text-slate-900">
          Suspended people
        </h2>
        {(suspensions.data ?? []).length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">Nobody is suspended.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100">
            {(suspensions.data ?? []).map((entry) => (
              <li key={entry.userId} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span>
                  <a className="underline" href={`/profile/${entry.userId}`}>
                    Profile
                  </a>{' '}
                  · suspended {new Date(entry.suspendedAt).toLocaleString()}
                </span>
                <button
                  type="button"
                  className={buttonSecondary}
                  disabled={act.isPending}
                  aria-label={`Reinstate ${entry.userId}`}
                  onClick={() => void run({ targetKind: 'user', targetId: entry.userId }, 'reinstate')}
                >
                  Reinstate
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="audit-log" className={cardClass}>
        <h2 id="audit-log" className="text-lg font-semibold text-slate-900">
          Audit log
        </h2>
        {(audit.data ?? []).length === 0 ? (
          <p className="mt-2 text-sm text-slate-600">No actions yet.</p>
        ) : (
          <table className="mt-3 w-full text-left text-sm">
            <thead>
              <tr className="text-slate-600">
                <th scope="col" className="py-1 font-medium">
                  When
                </th>
                <th scope="col" className="py-1 font-medium">
                  Action
                </th>
                <th scope="col" className="py-1 font-medium">
                  Item
                </th>
                <th scope="col" className="py-1 font-medium">
                  By
                </th>
              </tr>
            </thead>
            <tbody>
              {(audit.data ?? []).map((row) => (
                <tr key={row.id} className="border-t border-slate-100">
                  <td className="py-1">{new Date(row.createdAt).toLocaleString()}</td>
                  <td className="py-1">{ACTION_LABELS[row.action]}</td>
                  <td className="py-1">{KIND_LABELS[row.targetKind]}</td>
                  <td className="py-1 font-mono text-xs">
                    {row.actorId ? row.actorId.slice(0, 8) : 'deleted account'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
