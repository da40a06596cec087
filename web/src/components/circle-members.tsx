import { useState } from 'react';
import { Link } from 'react-router-dom';
import { MoreHorizontal } from 'lucide-react';
import type { Circle, CircleMember } from '@saathi/contracts';
import {
  useAnswerCircleRequest,
  useCircleMembers,
  useCircleRequests,
  useHandOverCircle,
  useReinviteCircleMember,
  useRemoveCircleMember,
  useSetCircleRole,
} from '../api/use-circles';
import { circleActionFailed } from '../lib/circle-action-failed';
import { serverMessage } from '../lib/error-message';
import { messageTime } from '../lib/message-time';
import { toast } from '../lib/toast-store';
import { useMinuteClock } from '../lib/use-minute-clock';
import { ModalDialog } from './modal-dialog';
import { OptionsMenu, OptionsMenuItem } from './options-menu';
import { buttonGhost, buttonPrimary, buttonSecondary } from './ui';

function Initials({ initials, name }: { initials: string; name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-teal-100 text-xs font-semibold text-teal-900"
    >
      {initials || name.slice(0, 1).toUpperCase()}
    </span>
  );
}

/** Organisers: the pending requests, oldest first, each with its note, Accept and Decline. */
export function CircleRequests({ circle }: { circle: Circle }) {
  const requests = useCircleRequests(circle.id, true);
  const answer = useAnswerCircleRequest(circle.id);
  const now = new Date(useMinuteClock());
  return (
    <section aria-labelledby="circle-requests-title" className="space-y-3">
      <h2 id="circle-requests-title" className="text-lg font-semibold text-slate-900">
        Requests to join
      </h2>
      {requests.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading requests…
        </p>
      ) : requests.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {serverMessage(requests.error) ?? 'Could not load the requests.'}
        </p>
      ) : requests.data.length === 0 ? (
        <p className="text-sm text-slate-600">No one is waiting to join.</p>
      ) : (
        <ul
          aria-label="Requests to join"
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
        >
          {requests.data.map((request) => (
            <li key={request.userId} className="flex flex-wrap items-center gap-3 p-3">
              <Initials initials={request.initials} name={request.displayName} />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/profile/${request.userId}`}
                  className="font-medium text-slate-900 hover:underline"
                >
                  {request.displayName}
                </Link>
                <p className="text-xs text-slate-600">
                  Asked <time dateTime={request.createdAt}>{messageTime(request.createdAt, now)}</time>
                </p>
                {request.note ? <p className="mt-1 text-sm text-slate-800">“{request.note}”</p> : null}
              </div>
              <span className="flex gap-2">
                <button
                  type="button"
                  className={buttonPrimary}
                  disabled={answer.isPending}
                  onClick={() =>
                    answer.mutate({ userId: request.userId, accept: true }, { onError: circleActionFailed })
                  }
                >
                  Accept<span className="sr-only"> {request.displayName}</span>
                </button>
                <button
                  type="button"
                  className={buttonSecondary}
                  disabled={answer.isPending}
                  onClick={() =>
                    answer.mutate({ userId: request.userId, accept: false }, { onError: circleActionFailed })
                  }
                >
                  Decline<span className="sr-only"> {request.displayName}</span>
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

type Confirming = { kind: 'hand-over' | 'remove'; member: CircleMember } | null;

/** What the viewer may do to one member: organisers remove members, the creator also names roles and hands over. */
function MemberMenu({
  circle,
  member,
  onConfirm,
}: {
  circle: Circle;
  member: CircleMember;
  onConfirm: (confirming: Confirming) => void;
}) {
  const setRole = useSetCircleRole(circle.id);
  const isCreator = circle.viewer?.isCreator === true;
  const mayRemove = !member.isCreator && (isCreator || member.role === 'member');
  if (!mayRemove && !isCreator) return null;
  return (
    <OptionsMenu
      label={`Options for ${member.displayName}`}
      icon={<MoreHorizontal className="h-4 w-4" aria-hidden="true" />}
      triggerClassName="h-8 w-8 hover:bg-slate-100"
      align="end"
    >
      {isCreator && member.role === 'member' ? (
        <OptionsMenuItem
          onSelect={() =>
            setRole.mutate({ userId: member.userId, role: 'organiser' }, { onError: circleActionFailed })
          }
        >
          Make co-organiser
        </OptionsMenuItem>
      ) : null}
      {isCreator && member.role === 'organiser' && !member.isCreator ? (
        <OptionsMenuItem
          onSelect={() =>
            setRole.mutate({ userId: member.userId, role: 'member' }, { onError: circleActionFailed })
          }
        >
          Make member
        </OptionsMenuItem>
      ) : null}
      {isCreator ? (
        <OptionsMenuItem onSelect={() => onConfirm({ kind: 'hand-over', member })}>
          Hand over the circle
        </OptionsMenuItem>
      ) : null}
      {mayRemove ? (
        <OptionsMenuItem tone="danger" onSelect={() => onConfirm({ kind: 'remove', member })}>
          Remove from circle
        </OptionsMenuItem>
      ) : null}
    </OptionsMenu>
  );
}

/** Members only: who is in, organisers first and marked; organisers' tools per member. */
export function CircleMembers({ circle, viewerId }: { circle: Circle; viewerId: string }) {
  const members = useCircleMembers(circle.id, true);
  const remove = useRemoveCircleMember(circle.id);
  const reinvite = useReinviteCircleMember(circle.id);
  const handOver = useHandOverCircle(circle.id);
  const [confirming, setConfirming] = useState<Confirming>(null);
  // Removed in this visit: offered "Invite back" (a removal keeps them from asking again).
  const [removed, setRemoved] = useState<CircleMember[]>([]);
  const organiser = circle.viewer?.role === 'organiser';

  const confirm = () => {
    if (!confirming) return;
    const { kind, member } = confirming;
    if (kind === 'remove') {
      remove.mutate(member.userId, {
        onSuccess: () => {
          setRemoved((list) => [...list.filter((m) => m.userId !== member.userId), member]);
          setConfirming(null);
        },
        onError: circleActionFailed,
      });
    } else {
      handOver.mutate(member.userId, {
        onSuccess: () => {
          toast({ title: 'Circle handed over', description: `${member.displayName} is its creator now.` });
          setConfirming(null);
        },
        onError: circleActionFailed,
      });
    }
  };

  return (
    <section aria-labelledby="circle-members-title" className="space-y-3">
      <h2 id="circle-members-title" className="text-lg font-semibold text-slate-900">
        Members
      </h2>
      {members.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Loading members…
        </p>
      ) : members.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {serverMessage(members.error) ?? 'Could not load the members.'}
        </p>
      ) : (
        <ul
          aria-label="Members"
          className="divide-y divide-slate-100 rounded-2xl border border-slate-200 bg-white"
        >
          {members.data.map((member) => (
            <li key={member.userId} className="flex items-center gap-3 p-3">
              <Initials initials={member.initials} name={member.displayName} />
              <div className="min-w-0 flex-1">
                <Link
                  to={`/profile/${member.userId}`}
                  className="truncate font-medium text-slate-900 hover:underline"
                >
                  {member.displayName}
                </Link>
                {member.userId === viewerId ? <span className="text-sm text-slate-600"> (you)</span> : null}
              </div>
              {member.isCreator || member.role === 'organiser' ? (
                <span className="rounded-full bg-teal-100 px-2 py-0.5 text-xs font-semibold text-teal-900">
                  {member.isCreator ? 'Creator' : 'Organiser'}
                </span>
              ) : null}
              {organiser && member.userId !== viewerId && !circle.closedAt ? (
                <MemberMenu circle={circle} member={member} onConfirm={setConfirming} />
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {removed.length > 0 ? (
        <ul aria-label="Removed in this visit" className="space-y-1 text-sm text-slate-700">
          {removed.map((member) => (
            <li key={member.userId} className="flex flex-wrap items-center gap-2">
              {member.displayName} was removed and cannot ask again.
              <button
                type="button"
                className={buttonGhost}
                disabled={reinvite.isPending}
                onClick={() =>
                  reinvite.mutate(member.userId, {
                    onSuccess: () => {
                      setRemoved((list) => list.filter((m) => m.userId !== member.userId));
                      toast({
                        title: 'Invited back',
                        description: `${member.displayName} may join or ask again.`,
                      });
                    },
                    onError: circleActionFailed,
                  })
                }
              >
                Invite back<span className="sr-only"> {member.displayName}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {confirming ? (
        <ModalDialog
          open
          onOpenChange={(open) => {
            if (!open) setConfirming(null);
          }}
          role="alertdialog"
          title={
            confirming.kind === 'remove'
              ? `Remove ${confirming.member.displayName}?`
              : `Hand ${circle.name} over to ${confirming.member.displayName}?`
          }
          description={
            confirming.kind === 'remove'
              ? 'They leave the circle and its thread, and cannot ask to join again unless an organiser invites them back.'
              : 'They become its creator. You stay an organiser and may leave afterwards.'
          }
        >
          <div className="mt-5 flex justify-end gap-2">
            <button type="button" className={buttonSecondary} onClick={() => setConfirming(null)}>
              Cancel
            </button>
            <button
              type="button"
              className={buttonPrimary}
              disabled={remove.isPending || handOver.isPending}
              onClick={confirm}
            >
              {confirming.kind === 'remove' ? 'Remove' : 'Hand over'}
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </section>
  );
}
