import {
  notificationHref,
  notificationText,
  type AppNotification,
  type MuteKind,
  type NoticeChannel,
  type NoticeKind,
  type NotificationType,
  type PushPayload,
  type QuietHours,
} from '@saathi/contracts';

/** Which of the person's channels a notification type follows. */
export function noticeKindOf(type: NotificationType): NoticeKind {
  switch (type) {
    case 'message':
    case 'circle_mention':
      return 'messages';
    case 'message_request':
    case 'activity_request':
    case 'circle_request':
      return 'requests';
    case 'comment':
      return 'comments';
    case 'like':
    case 'reaction':
      return 'reactions';
    case 'activity_reminder':
      return 'reminders';
    case 'activity_accepted':
    case 'activity_declined':
    case 'activity_closed':
    case 'activity_repeated':
    case 'activity_feedback':
    case 'activity_left':
    case 'activity_met':
    case 'circle_accepted':
    case 'circle_activity':
      return 'activity';
  }
}

export const allowsPush = (channel: NoticeChannel) => channel === 'push' || channel === 'both';
export const allowsMail = (channel: NoticeChannel) => channel === 'mail' || channel === 'both';

/**
 * What muting silences a notification: its conversation, or the activity thread of its post
 * (an activity's notices, and comments, likes and reactions on it).
 */
export function muteTargetsOf(
  notification: Pick<AppNotification, 'conversationId' | 'postId'>,
): { kind: MuteKind; id: string }[] {
  const targets: { kind: MuteKind; id: string }[] = [];
  if (notification.conversationId) targets.push({ kind: 'conversation', id: notification.conversationId });
  if (notification.postId) targets.push({ kind: 'activity', id: notification.postId });
  return targets;
}

/**
 * The notification's grouping key as the device knows it: a newer push with the same tag
 * replaces the older one, as the bell's row grows instead of adding another.
 */
export function pushTagOf(
  notification: Pick<AppNotification, 'type' | 'conversationId' | 'commentId' | 'postId'> &
    Partial<Pick<AppNotification, 'circleId'>>,
): string {
  // A circle activity is its post; the circle's other notices are the circle.
  const target =
    notification.conversationId ??
    notification.commentId ??
    notification.postId ??
    notification.circleId ??
    'none';
  return `${notification.type}:${target}`;
}

export function pushPayloadOf(notification: AppNotification): PushPayload {
  return {
    title: 'Saathi',
    // The bell's words and link: the push and the bell agree on who and how many.
    body: notificationText(notification),
    url: notificationHref(notification) ?? '/',
    tag: pushTagOf(notification),
  };
}

const MINUTES_A_DAY = 24 * 60;
const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5));

/** The wall-clock hour, minute and second in the zone at `at`. */
function localTimeOf(at: Date, timeZone: string): { minutes: number; seconds: number } {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { minutes: part('hour') * 60 + part('minute'), seconds: part('second') };
}

/**
 * When the quiet hours around `now` end, or null when `now` is outside them. `from` later than
 * `to` spans midnight (22:00–07:00). The end is counted in local minutes from now, so on the
 * night a zone changes its clocks it may come an hour early or late.
 */
export function quietHoursEnd(quietHours: QuietHours | null, now: Date): Date | null {
  if (!quietHours) return null;
  const from = minutesOf(quietHours.from);
  const to = minutesOf(quietHours.to);
  const local = localTimeOf(now, quietHours.timeZone);
  const inside =
    from < to ? local.minutes >= from && local.minutes < to : local.minutes >= from || local.minutes < to;
  if (!inside) return null;
  const minutesLeft = (to - local.minutes + MINUTES_A_DAY) % MINUTES_A_DAY;
  const end = new Date(now.getTime() + minutesLeft * 60_000 - local.seconds * 1000);
  end.setUTCMilliseconds(0);
  return end;
}
