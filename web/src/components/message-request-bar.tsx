import { useAcceptRequest, useDeclineRequest } from '../api/use-message-requests';
import { buttonPrimary, buttonSecondary } from './ui';

/** Above a request's thread: the recipient decides whether this person may message them. */
export function MessageRequestBar({
  conversationId,
  otherName,
  onDeclined,
}: {
  conversationId: string;
  otherName: string;
  onDeclined: () => void;
}) {
  const accept = useAcceptRequest();
  const decline = useDeclineRequest();
  const busy = accept.isPending || decline.isPending;
  return (
    <div
      role="region"
      aria-label="Message request"
      className="shrink-0 border-b border-slate-200 bg-amber-50 px-4 py-3 text-sm text-slate-800"
    >
      <p>
        <strong>{otherName}</strong> wants to message you. Accept to move this conversation to your inbox;
        decline to remove it (they will not be told).
      </p>
      <div className="mt-2 flex gap-2">
        <button
          type="button"
          className={buttonPrimary}
          disabled={busy}
          onClick={() => accept.mutate(conversationId)}
        >
          Accept
        </button>
        <button
          type="button"
          className={buttonSecondary}
          disabled={busy}
          onClick={() => decline.mutate(conversationId, { onSuccess: onDeclined })}
        >
          Decline
        </button>
      </div>
    </div>
  );
}
