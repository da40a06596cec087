import { Bell, BellOff } from 'lucide-react';
import type { MuteKind } from '@saathi/contracts';
import { useMuteThread, useMutes, useUnmuteThread } from '../api/use-notice-settings';
import { serverMessage } from '../lib/error-message';
import { MUTE_CHOICES, activeMute, muteText } from '../lib/mute-text';
import { toast } from '../lib/toast-store';
import { OptionsMenu, OptionsMenuItem } from './options-menu';

/**
 * A thread header's bell: mute a conversation (`conversation`, its id) or an activity thread
 * (`activity`, its post id) for a while or until turned back on, or unmute it. Muted, the header
 * says until when; the thread still counts as unread, only its pushes and mails stop.
 */
export function MuteMenu({ kind, id, now }: { kind: MuteKind; id: string; now: Date }) {
  const mutes = useMutes();
  const mute = useMuteThread();
  const unmute = useUnmuteThread();
  const current = activeMute(mutes.data, kind, id, now);
  const failed = (error: unknown) =>
    toast({
      title: serverMessage(error) ?? 'Could not change notifications for this thread',
      variant: 'destructive',
    });

  return (
    <>
      {current ? (
        <span
          role="status"
          className="hidden shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-700 sm:inline-flex"
        >
          {muteText(current.until, now)}
        </span>
      ) : null}
      <OptionsMenu
        label={current ? `${muteText(current.until, now)}. Change notifications` : 'Mute notifications'}
        icon={
          current ? (
            <BellOff className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Bell className="h-4 w-4" aria-hidden="true" />
          )
        }
        triggerClassName="h-9 w-9 hover:bg-slate-100"
        align="end"
      >
        {MUTE_CHOICES.map(({ duration, label }) => (
          <OptionsMenuItem
            key={duration}
            onSelect={() => mute.mutate({ kind, id, duration }, { onError: failed })}
          >
            {label}
          </OptionsMenuItem>
        ))}
        {current ? (
          <OptionsMenuItem onSelect={() => unmute.mutate({ kind, id }, { onError: failed })}>
            <Bell className="h-4 w-4" aria-hidden="true" /> Unmute
          </OptionsMenuItem>
        ) : null}
      </OptionsMenu>
    </>
  );
}
