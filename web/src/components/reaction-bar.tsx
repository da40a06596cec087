import { useEffect, useId, useRef, useState } from 'react';
import { SmilePlus } from 'lucide-react';
import clsx from 'clsx';
import { REACTION_EMOJIS, type ReactionEmoji } from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import { useReaction } from '../api/use-reactions';
import { serverMessage } from '../lib/error-message';
import { REACTION_NAMES, reactionChange, visibleReactions } from '../lib/reactions';
import { toast } from '../lib/toast-store';

interface ReactionBarProps {
  target: 'post' | 'comment';
  id: string;
  reactions: Readonly<Record<string, number>>;
  myReactions: readonly string[];
}

/**
 * The emojis with a count above zero, and a picker of all eight. Choosing one the viewer already
 * has removes it; the picker closes after a successful add.
 */
export function ReactionBar({ target, id, reactions, myReactions }: ReactionBarProps) {
  const { isAuthenticated } = useCurrentUser();
  const reaction = useReaction();
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panelRef.current?.querySelector('button')?.focus();
    const onPointerDown = (e: PointerEvent) => {
      if (!containerRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const choose = (emoji: ReactionEmoji) => {
    if (!isAuthenticated) {
      setOpen(false);
      toast({
        title: 'Sign in required',
        description: 'Please sign in to react to posts',
        variant: 'destructive',
      });
      return;
    }
    const change = reactionChange(myReactions, emoji);
    reaction.mutate(
      { target, id, emoji, change },
      {
        onSuccess: () => {
          if (change === 'add') setOpen(false);
        },
        onError: (error) =>
          toast({
            title: 'Error',
            description:
              serverMessage(error) ??
              (change === 'add' ? 'Failed to add reaction' : 'Failed to remove reaction'),
            variant: 'destructive',
          }),
      },
    );
  };

  return (
    <div ref={containerRef} className="relative flex flex-wrap items-center gap-1.5">
      {visibleReactions(reactions).map(({ emoji, count }) => {
        const mine = myReactions.includes(emoji);
        return (
          <button
            key={emoji}
            type="button"
            aria-pressed={mine}
            aria-label={`${REACTION_NAMES[emoji]} reaction, ${count}`}
            disabled={reaction.isPending}
            onClick={() => choose(emoji)}
            className={clsx(
              'tap-target relative inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-sm transition focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
              mine
                ? 'border-teal-300 bg-teal-50 text-teal-900'
                : 'border-slate-200 bg-white text-slate-700 hover:bg-slate-50',
            )}
          >
            <span aria-hidden="true">{emoji}</span>
            <span aria-hidden="true">{count}</span>
          </button>
        );
      })}
      <button
        ref={triggerRef}
        type="button"
        aria-label={target === 'post' ? 'Add reaction' : 'Add reaction to comment'}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpen((value) => !value)}
        className="tap-target relative inline-flex h-7 w-7 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
      >
        <SmilePlus className="h-4 w-4" aria-hidden="true" />
      </button>
      {open ? (
        <div
          ref={panelRef}
          id={panelId}
          role="group"
          aria-label="Choose a reaction"
          className="absolute top-full left-0 z-30 mt-2 flex flex-wrap gap-0.5 rounded-2xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          {REACTION_EMOJIS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              aria-label={`React with ${REACTION_NAMES[emoji]}`}
              aria-pressed={myReactions.includes(emoji)}
              disabled={reaction.isPending}
              onClick={() => choose(emoji)}
              className={clsx(
                'tap-target relative flex h-9 w-9 items-center justify-center rounded-full text-xl transition hover:scale-110 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none',
                myReactions.includes(emoji) && 'bg-teal-50',
              )}
            >
              <span aria-hidden="true">{emoji}</span>
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
