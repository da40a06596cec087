import { Link } from 'react-router-dom';
import { UsersRound } from 'lucide-react';
import { useCircleOffer, useJoinCircle } from '../api/use-circles';
import { circleActionFailed } from '../lib/circle-action-failed';
import { memberCountText } from '../lib/circle-text';
import { toast } from '../lib/toast-store';
import { buttonPrimary, linkClass } from './ui';

/**
 * After a check-in: "Join {circle}?", for the activity's circle or the host's most recently
 * active open circle, when the server offers one (the viewer is not in it, nor removed or blocked).
 */
export default function CircleOffer({ postId }: { postId: string }) {
  const offer = useCircleOffer(postId, true);
  const circle = offer.data;
  const join = useJoinCircle(circle?.id ?? '');
  if (!circle) return null;
  const ask = circle.joinPolicy === 'ask';
  return (
    <div
      role="region"
      aria-label="Circle offer"
      className="flex flex-wrap items-center gap-3 rounded-xl border border-teal-200 bg-teal-50 p-3"
    >
      <UsersRound className="h-5 w-5 shrink-0 text-teal-800" aria-hidden="true" />
      <p className="min-w-0 flex-1 text-sm text-slate-800">
        <span className="font-semibold">Join {circle.name}?</span> Meet these people again:{' '}
        <Link to={`/circles/${circle.id}`} className={linkClass}>
          #{circle.topic}, {memberCountText(circle.memberCount)}
        </Link>
      </p>
      <button
        type="button"
        className={buttonPrimary}
        disabled={join.isPending}
        onClick={() =>
          join.mutate(undefined, {
            onSuccess: ({ status }) => {
              toast(
                status === 'member'
                  ? { title: "You're in", description: `Welcome to ${circle.name}.` }
                  : { title: 'Request sent', description: 'An organiser will answer your request.' },
              );
              void offer.refetch();
            },
            onError: circleActionFailed,
          })
        }
      >
        {ask ? 'Ask to join' : 'Join'}
        <span className="sr-only"> {circle.name}</span>
      </button>
    </div>
  );
}
