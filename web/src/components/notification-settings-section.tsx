// "Notifications" on one's own profile (issue 30): whether this browser gets pushes, what reaches
// the person by push, mail, both or neither for each kind, and quiet hours in their own time zone.
// Loaded with the profile screen's own sections, never on the first load of another screen.
import { useState, type SubmitEvent } from 'react';
import { Loader2 } from 'lucide-react';
import {
  NOTICE_CHANNELS,
  NOTICE_KINDS,
  type NoticeChannel,
  type NoticeKind,
  type NoticeSettings,
} from '@saathi/contracts';
import { useNoticeSettings, useSaveNoticeSettings } from '../api/use-notice-settings';
import { useThisBrowserPush, useTurnOffPush, useTurnOnPush } from '../api/use-push';
import { serverMessage } from '../lib/error-message';
import { toast } from '../lib/toast-store';
import { buttonPrimary, cardClass, inputClass, labelClass } from './ui';

export const KIND_LABELS = {
  messages: 'Messages',
  // One kind for both sorts of asking: someone new writing to you, and someone asking to join.
  requests: 'Message and join requests',
  comments: 'Comments',
  reactions: 'Likes and reactions',
  activity: 'Activity updates',
  reminders: 'Reminders',
} as const satisfies Record<NoticeKind, string>;

export const CHANNEL_LABELS = {
  push: 'Push',
  mail: 'Mail',
  both: 'Both',
  none: 'Neither',
} as const satisfies Record<NoticeChannel, string>;

/** Quiet hours someone turns on start here, until they choose their own. */
const DEFAULT_QUIET_HOURS = { from: '22:00', to: '07:00' };

/** The browser's own IANA time zone (`Asia/Kolkata`); quiet hours are kept in it. */
function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

export function NotificationSettingsSection() {
  return (
    <section aria-labelledby="notifications-title" className={`${cardClass} mt-6`}>
      <h2 id="notifications-title" className="text-lg font-semibold text-slate-900">
        Notifications
      </h2>
      <p className="mt-1 text-sm text-slate-600">
        The bell always shows what happened. Choose what else reaches you when you are away.
      </p>
      <ThisBrowserPush />
      <ChannelsForm />
    </section>
  );
}

export default NotificationSettingsSection;

/** Push on or off for this browser: a subscription belongs to a browser, not to the account. */
function ThisBrowserPush() {
  const state = useThisBrowserPush();
  const turnOn = useTurnOnPush();
  const turnOff = useTurnOffPush();
  const busy = turnOn.isPending || turnOff.isPending;

  if (state.isPending) {
    return (
      <p role="status" className="mt-4 text-sm text-slate-600">
        Checking this device…
      </p>
    );
  }
  const { support, permission, subscribed } = state.data ?? {
    support: 'none',
    permission: null,
    subscribed: false,
  };
  const on = subscribed && permission === 'granted';

  let note: string;
  if (support === 'install-first')
    note =
      'On iPhone and iPad, add Saathi to your Home Screen first: tap the Share button, choose “Add to Home Screen”, then open Saathi from there.';
  else if (support === 'none') note = 'This browser cannot show notifications from Saathi.';
  else if (permission === 'denied')
    note =
      'Notifications are blocked for Saathi in this browser. Allow them in the browser’s site settings, then come back here.';
  else if (on) note = 'This device gets a notification when someone replies, even with Saathi closed.';
  else note = 'This device gets no push notifications.';

  const toggle = () => {
    if (on) {
      turnOff.mutate(undefined, {
        onError: () =>
          toast({ title: 'Could not turn off notifications. Please try again.', variant: 'destructive' }),
      });
      return;
    }
    turnOn.mutate(undefined, {
      onSuccess: (result) => {
        if (result === 'denied')
          toast({ title: 'Notifications are blocked for Saathi in this browser’s settings' });
      },
      onError: () =>
        toast({ title: 'Could not turn on notifications. Please try again.', variant: 'destructive' }),
    });
  };

  const canToggle = support === 'push' && permission !== 'denied';
  return (
    <div className="mt-4 flex flex-wrap items-center justify-between gap-3 rounded-xl bg-slate-50 p-4">
      <div className="min-w-0 flex-1">
        <p id="push-device-label" className="text-sm font-medium text-slate-900">
          Push notifications on this device
        </p>
        <p id="push-device-note" className="mt-0.5 text-sm text-slate-600">
          {note}
        </p>
      </div>
      {canToggle ? (
        <button
          type="button"
          role="switch"
          aria-checked={on}
          aria-labelledby="push-device-label"
          aria-describedby="push-device-note"
          disabled={busy}
          onClick={toggle}
          className={`relative inline-flex h-7 w-12 shrink-0 items-center rounded-full transition focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:ring-offset-2 focus-visible:outline-none disabled:opacity-60 ${
            on ? 'bg-teal-700' : 'bg-slate-400'
          }`}
        >
          <span
            aria-hidden="true"
            className={`inline-block h-5 w-5 rounded-full bg-white shadow transition ${on ? 'translate-x-6' : 'translate-x-1'}`}
          />
          {busy ? (
            <Loader2 className="absolute -left-6 h-4 w-4 animate-spin text-slate-600" aria-hidden="true" />
          ) : null}
        </button>
      ) : null}
    </div>
  );
}

function ChannelsForm() {
  const settings = useNoticeSettings();
  if (settings.isPending) {
    return (
      <p role="status" className="mt-4 flex items-center gap-2 text-sm text-slate-600">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        Loading your notification settings…
      </p>
    );
  }
  if (settings.isError) {
    return (
      <div role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        {serverMessage(settings.error) ?? 'Could not load your notification settings.'}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void settings.refetch()}>
          Try again
        </button>
      </div>
    );
  }
  // Keyed by the stored settings, so a save (or another tab's, on refetch) resets the draft to them.
  return <ChannelsDraft key={JSON.stringify(settings.data)} saved={settings.data} />;
}

function ChannelsDraft({ saved }: { saved: NoticeSettings }) {
  const save = useSaveNoticeSettings();
  const [channels, setChannels] = useState(saved.channels);
  const [quietOn, setQuietOn] = useState(saved.quietHours !== null);
  const [from, setFrom] = useState(saved.quietHours?.from ?? DEFAULT_QUIET_HOURS.from);
  const [to, setTo] = useState(saved.quietHours?.to ?? DEFAULT_QUIET_HOURS.to);
  const timeZone = browserTimeZone();

  const submit = (event: SubmitEvent) => {
    event.preventDefault();
    save.mutate(
      { channels, quietHours: quietOn ? { from, to, timeZone } : null },
      { onSuccess: () => toast({ title: 'Notification settings saved' }) },
    );
  };

  return (
    <form onSubmit={submit} aria-label="Notification settings" className="mt-6">
      <fieldset>
        <legend className="text-sm font-semibold text-slate-900">What reaches you when you are away</legend>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          {NOTICE_KINDS.map((kind) => (
            <div key={kind}>
              <label htmlFor={`notice-${kind}`} className={labelClass}>
                {KIND_LABELS[kind]}
              </label>
              <select
                id={`notice-${kind}`}
                className={inputClass}
                value={channels[kind]}
                onChange={(e) => setChannels({ ...channels, [kind]: e.target.value as NoticeChannel })}
              >
                {NOTICE_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </select>
            </div>
          ))}
        </div>
      </fieldset>

      <fieldset className="mt-6">
        <legend className="text-sm font-semibold text-slate-900">Quiet hours</legend>
        <label className="mt-2 flex items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            checked={quietOn}
            onChange={(e) => setQuietOn(e.target.checked)}
            className="h-4 w-4 accent-teal-700"
          />
          Hold pushes during quiet hours
        </label>
        <p className="mt-1 text-xs text-slate-600">
          Held pushes wait in the bell until the morning. Reminders for an activity that starts during quiet
          hours still come.
        </p>
        {quietOn ? (
          <div className="mt-3 grid grid-cols-2 gap-3 sm:max-w-sm">
            <div>
              <label htmlFor="quiet-from" className={labelClass}>
                From
              </label>
              <input
                id="quiet-from"
                type="time"
                required
                className={inputClass}
                value={from}
                onChange={(e) => setFrom(e.target.value)}
              />
            </div>
            <div>
              <label htmlFor="quiet-to" className={labelClass}>
                To
              </label>
              <input
                id="quiet-to"
                type="time"
                required
                className={inputClass}
                value={to}
                onChange={(e) => setTo(e.target.value)}
              />
            </div>
            <p className="col-span-2 text-xs text-slate-600">Times are in your time zone, {timeZone}.</p>
          </div>
        ) : null}
      </fieldset>

      {save.isError ? (
        <p role="alert" className="mt-4 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800">
          {serverMessage(save.error) ?? 'Could not save your notification settings. Please try again.'}
        </p>
      ) : null}
      <button type="submit" className={`${buttonPrimary} mt-4`} disabled={save.isPending}>
        {save.isPending ? <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" /> : null}
        Save notification settings
      </button>
    </form>
  );
}
