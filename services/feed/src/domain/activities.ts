import { ACTIVITY_MAX_DAYS_AHEAD, ActivityMessages } from '@saathi/contracts';
import type {
  ActivityDraft,
  ActivityLevel,
  ActivityState,
  ActivityWhen,
  PostActivity,
} from '@saathi/contracts';

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** An activity's fields as stored on its post. */
export interface ActivityFields {
  startsAt: Date;
  endsAt: Date;
  spots: number;
  accepted: number;
  level: ActivityLevel;
  area: string;
  closedAt: Date | null;
}

/** The window in UTC from the host's local date, times and offset; a window ending at or before it starts is refused. */
export function activityWindow(draft: ActivityDraft): { startsAt: Date; endsAt: Date } | { error: string } {
  const local = (time: string) =>
    Date.parse(`${draft.date}T${time}:00Z`) - draft.utcOffsetMinutes * MINUTE_MS;
  const startsAt = local(draft.startTime);
  const endsAt = local(draft.endTime);
  if (Number.isNaN(startsAt) || Number.isNaN(endsAt)) return { error: 'Please choose a date' };
  if (endsAt <= startsAt) return { error: ActivityMessages.windowInvalid };
  return { startsAt: new Date(startsAt), endsAt: new Date(endsAt) };
}

/**
 * The latest start an activity posted at `now` may have: a post's lifetime ahead, so an
 * activity (which leaves the feed at its end) cannot outstay a plain post by more than its
 * window — nor reach a year PostgreSQL cannot store.
 */
export function latestActivityStart(now: Date): Date {
  return new Date(now.getTime() + ACTIVITY_MAX_DAYS_AHEAD * DAY_MS);
}

/** Open, full, closed by the host, or done once its window has ended (it then leaves the feed). */
export function activityState(fields: ActivityFields, now: Date): ActivityState {
  if (fields.endsAt.getTime() <= now.getTime()) return 'done';
  if (fields.closedAt) return 'closed';
  return fields.accepted >= fields.spots ? 'full' : 'open';
}

export function toPostActivity(fields: ActivityFields, now: Date): PostActivity {
  return {
    startsAt: fields.startsAt.toISOString(),
    endsAt: fields.endsAt.toISOString(),
    spots: fields.spots,
    acceptedCount: fields.accepted,
    spotsLeft: Math.max(0, fields.spots - fields.accepted),
    level: fields.level,
    area: fields.area,
    state: activityState(fields, now),
  };
}

/**
 * Activities of a time filter start before this instant: the viewer's next midnight for
 * "today" (by their UTC offset), seven days from now for "this week".
 */
export function startsBefore(when: ActivityWhen, now: Date, utcOffsetMinutes: number): Date {
  if (when === 'week') return new Date(now.getTime() + 7 * DAY_MS);
  const localNow = now.getTime() + utcOffsetMinutes * MINUTE_MS;
  const nextLocalMidnight = (Math.floor(localNow / DAY_MS) + 1) * DAY_MS;
  return new Date(nextLocalMidnight - utcOffsetMinutes * MINUTE_MS);
}
