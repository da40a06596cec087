import type {
  AppNotification,
  MuteKind,
  NoticeChannel,
  NoticeKind,
  NotificationType,
  PushPayload,
  QuietHours,
} from '@saathi/contracts';

/** Which of the person's channels a notification type follows. */
export function noticeKindOf(type: NotificationType): NoticeKind {
  switch (type) {
    case 'message':
      return 'messages';
    case 'activity_request':
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
  notification: Pick<AppNotification, 'type' | 'conversationId' | 'commentId' | 'postId'>,
): string {
  const target = notification.conversationId ?? notification.commentId ?? notification.postId ?? 'none';
  return `${notification.type}:${target}`;
}

function who({ actorName, othersCount }: Pick<AppNotification, 'actorName' | 'othersCount'>): string {
  const name = actorName.trim() || 'Someone';
  if (othersCount <= 0) return name;
  return `${name} and ${othersCount} ${othersCount === 1 ? 'other' : 'others'}`;
}

/**
 * What the push says: who and what kind, in the bell's words — never a message's text or an
 * activity's place (neither reaches notification anyway). A conversation's messages say how
 * many the notification groups, as the bell's row counts them.
 */
export function pushBodyOf(notification: AppNotification): string {
  const actors = who(notification);
  const on = notification.commentId ? 'your comment' : 'your post';
  switch (notification.type) {
    case 'message': {
      const count = notification.count ?? 1;
      return count > 1 ? `${actors} sent you ${count} messages` : `${actors} sent you a message`;
    }
    case 'comment':
      return `${actors} commented on your post`;
    case 'like':
      return `${actors} liked your post`;
    case 'reaction':
      return `${actors} reacted to ${on}`;
    case 'activity_request':
      return `${actors} asked to join your activity`;
    case 'activity_accepted':
      return `You're in: ${actors} accepted you for their activity`;
    case 'activity_reminder':
      return `${actors}'s activity starts in 2 hours. Still going?`;
    case 'activity_declined':
      return `${actors} declined your request to join their activity`;
    case 'activity_closed':
      return `${actors} found a partner and closed their activity to new requests`;
    case 'activity_repeated':
      return `${actors}'s weekly activity is on again. Ask to join this week's?`;
    case 'activity_feedback':
      return `How did it go with ${actors}? Say who showed up`;
    case 'activity_left':
      return `${actors} gave up their spot in your activity`;
    case 'activity_met':
      return `You met ${actors}. Enjoy!`;
  }
}

/** The screen a tap opens, as the bell's links do. */
export function pushUrlOf(notification: Pick<AppNotification, 'type' | 'conversationId' | 'postId'>): string {
  if (notification.type === 'activity_feedback') return '/profile#activity-feedback';
  if (notification.type === 'message') {
    return notification.conversationId
      ? `/messages?c=${encodeURIComponent(notification.conversationId)}`
      : '/messages';
  }
  return notification.postId ? `/post/${encodeURIComponent(notification.postId)}` : '/';
}

export function pushPayloadOf(notification: AppNotification): PushPayload {
  return {
    title: 'Saathi',
    body: pushBodyOf(notification),
    url: pushUrlOf(notification),
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
