import { Ban, Loader2 } from 'lucide-react';
import { useBlockToggle, useBlockedPeople } from '../api/use-safety';
import { runBlockAction } from '../lib/block-action';
import { buttonSecondary } from './ui';

/** Block or Unblock on someone else's profile, as the viewer's own blocked list says. */
export function BlockButton({ userId, name }: { userId: string; name: string }) {
  const blocked = useBlockedPeople();
  const { block, unblock } = useBlockToggle();
  const isBlocked = blocked.data?.some((person) => person.userId === userId) ?? false;
  const busy = block.isPending || unblock.isPending || blocked.isLoading;
  return (
    <button
      type="button"
      className={buttonSecondary}
      disabled={busy}
      onClick={() =>
        void (isBlocked
          ? runBlockAction(() => unblock.mutateAsync(userId), `Unblocked ${name}`)
          : runBlockAction(() => block.mutateAsync(userId), `Blocked ${name}`))
      }
    >
      {busy ? (
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
      ) : (
        <Ban className="h-4 w-4" aria-hidden="true" />
      )}
      {isBlocked ? 'Unblock' : 'Block'}
    </button>
  );
}
