// What a muted conversation or activity thread says about its mute: until when, in the viewer's
// own clock ("Muted until 21:30", "Muted until tomorrow, 09:00"), or until they turn it back on.
import type { Mute, MuteDuration, MuteKind } from '@saathi/contracts';

/** The mute menu's choices, in its order. */
export const MUTE_CHOICES: readonly { duration: MuteDuration; label: string }[] = [
  { duration: '1h', label: 'For 1 hour' },
  { duration: '8h', label: 'For 8 hours' },
  { duration: '1d', label: 'For 1 day' },
  { duration: 'forever', label: 'Until I turn it back on' },
];

function sameDay(a: Date, b: Date, timeZone?: string): boolean {
  const day = (date: Date) => date.toLocaleDateString('en-CA', { timeZone });
  return day(a) === day(b);
}

/** "Muted", "Muted until 21:30", "Muted until tomorrow, 09:00" or "Muted until 12 Mar, 09:00". */
export function muteText(until: string | null, now: Date, timeZone?: string): string {
  if (until === null) return 'Muted until you turn it back on';
  const end = new Date(until);
  if (Number.isNaN(end.getTime())) return 'Muted';
  const time = end.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone });
  if (sameDay(end, now, timeZone)) return `Muted until ${time}`;
  const tomorrow = new Date(now.getTime() + 24 * 60 * 60 * 1000);
  if (sameDay(end, tomorrow, timeZone)) return `Muted until tomorrow, ${time}`;
  const date = end.toLocaleDateString('en-GB', { day: 'numeric', month: 'short', timeZone });
  return `Muted until ${date}, ${time}`;
}

/** The mute of one thread in the list, or null; one that ran out since the list was read counts as none. */
export function activeMute(
  mutes: readonly Mute[] | undefined,
  kind: MuteKind,
  id: string,
  now: Date,
): Mute | null {
  const mute = mutes?.find((item) => item.kind === kind && item.id === id);
  if (!mute) return null;
  return mute.until === null || Date.parse(mute.until) > now.getTime() ? mute : null;
}
