import { ShieldAlert } from 'lucide-react';
import { REPORT_REASON_LABELS } from '@saathi/contracts';
import type { ModerationAction, OpenCase } from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import { useAuditLog, useModerationAction, useOpenCases } from '../api/use-moderation';
import { NoticeCard } from '../components/notice-card';
import { Spinner } from '../components/spinner';
import { buttonSecondary, cardClass } from '../components/ui';
import { handleUnauthorized } from '../lib/unauthorized';
import { toast } from '../lib/toast-store';
import { usePageTitle } from '../lib/use-page-title';

const KIND_LABELS: Record<OpenCase['targetKind'], string> = {
  post: 'Post',
  comment: 'Comment',
  message: 'Message',
  user: 'Person',
};

const ACTION_LABELS: Record<ModerationAction, string> = {
  dismiss: 'Dismissed',
  remove: 'Removed',
  suspend: 'Suspended',
};

const dangerButton =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 focus-visible:ring-2 focus-visible:ring-red-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60';

/** /admin/moderation — admins only: open reports with the item, the three actions, the audit list. */
export default function AdminModerationPage() {
  usePageTitle('Moderation - Saathi');
  const { user, isLoading } = useCurrentUser();
  const isAdmin = user?.role === 'admin';
  const cases = useOpenCases(isAdmin);
  const audit = useAuditLog(isAdmin);
  const act = useModerationAction();

  if (isLoading) return <Spinner />;
  if (!isAdmin)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <NoticeCard icon={ShieldAlert} title="Moderation" className="py-12">
          <p className="text-slate-600">Only admins can see this page.</p>
        </NoticeCard>
      </div>
    );

  const run = async (entry: OpenCase, action: ModerationAction) => {
    try {
      await act.mutateAsync({ action, targetKind: entry.targetKind, targetId: entry.targetId });
      toast({ title: ACTION_LABELS[action] });
    } catch (error) {
      if (handleUnauthorized(error)) return;
      toast({ title: 'Error', description: 'The action failed. Please try again.', variant: 'destructive' });
    }
  };

  const open = cases.data ?? [];
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
                  {entry.excerpt ? (
                    <blockquote className="mt-2 border-l-4 border-slate-200 pl-3 break-words whitespace-pre-line text-slate-800">
                      {entry.excerpt}
                    </blockquote>
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
                    Owner{' '}
                    <a className="underline" href={`/profile/${entry.ownerId}`}>
                      profile
                    </a>{' '}
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
                      disabled={act.isPending}
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
                  <td className="py-1 font-mono text-xs">{row.actorId.slice(0, 8)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
