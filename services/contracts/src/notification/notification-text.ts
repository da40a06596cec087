import type { AppNotification } from './schemas';

// A notification in words, and the screen it opens: one text for the bell's row and the push
// the device shows, so the two always agree on who and how many.

export type NotificationTextFields = Pick<AppNotification, 'type' | 'actorName' | 'othersCount' | 'emoji'> &
  Partial<Pick<AppNotification, 'count' | 'commentId'>>;

function actorsOf({ actorName, othersCount }: NotificationTextFields): string {
  const name = actorName.trim() || 'Someone';
  if (othersCount <= 0) return name;
  return `${name} and ${othersCount} ${othersCount === 1 ? 'other' : 'others'}`;
}

/**
 * "Asha commented on your post", "Asha and 2 others liked your post", "Asha sent you 3 messages".
 * Never a message's text or an activity's place: neither reaches the notification service.
 */
export function notificationText(notification: NotificationTextFields): string {
  const who = actorsOf(notification);
  switch (notification.type) {
    case 'comment':
      return `${who} commented on your post`;
    case 'like':
      return `${who} liked your post`;
    case 'reaction': {
      const what = notification.commentId ? 'your comment' : 'your post';
      return notification.emoji
        ? `${who} reacted ${notification.emoji} to ${what}`
        : `${who} reacted to ${what}`;
    }
    case 'message': {
      const count = notification.count ?? 1;
      return count > 1 ? `${who} sent you ${count} messages` : `${who} sent you a message`;
    }
    case 'message_request':
      return `${who} wants to start a conversation with you`;
    case 'activity_request':
      return `${who} asked to join your activity`;
    case 'activity_accepted':
      return `You're in: ${who} accepted you for their activity`;
    case 'activity_reminder':
      return `${who}'s activity starts in 2 hours. Still going?`;
    case 'activity_declined':
      return `${who} declined your request to join their activity`;
    case 'activity_closed':
      return `${who} found a partner and closed their activity to new requests`;
    case 'activity_repeated':
      return `${who}'s weekly activity is on again. Ask to join this week's?`;
    case 'activity_feedback':
      // Everyone else who was there, the host named for a guest: "How did it go with Asha and 2 others?"
      return `How did it go with ${who}? Say who showed up`;
    case 'activity_left':
      return `${who} gave up their spot in your activity`;
    case 'activity_met':
      // Both sides of a check-in get one: the host's groups everyone they checked in.
      return `You met ${who}. Enjoy!`;
    case 'circle_request':
      return `${who} asked to join your circle`;
    case 'circle_accepted':
      return `You're in: ${who} accepted you into their circle`;
    case 'circle_activity':
      return `${who} posted a new activity in your circle`;
    case 'circle_mention':
      return `${who} mentioned you in a circle thread`;
  }
}

/** Where "how did it go?" leads: the feedback section of one's own profile. */
export const ACTIVITY_FEEDBACK_ANCHOR = 'activity-feedback';

/**
 * The post for comments, likes, reactions, activity notices and circle activities; the
 * conversation for messages and message requests; the circle's page for its other notices; for "how did it go?", the past activities section of one's profile (the
 * activity's post is gone by then); null when it names neither.
 */
export function notificationHref(
  notification: Pick<AppNotification, 'type' | 'postId' | 'conversationId'> &
    Partial<Pick<AppNotification, 'circleId'>>,
): string | null {
  if (notification.type === 'activity_feedback') return `/profile#${ACTIVITY_FEEDBACK_ANCHOR}`;
  // A circle activity opens its post; the other circle notices open the circle's page.
  if (notification.type.startsWith('circle_') && notification.type !== 'circle_activity') {
    return notification.circleId ? `/circles/${encodeURIComponent(notification.circleId)}` : '/circles';
  }
  if (notification.type === 'message' || notification.type === 'message_request') {
    return notification.conversationId
      ? `/messages?c=${encodeURIComponent(notification.conversationId)}`
      : '/messages';
  }
  return notification.postId ? `/post/${encodeURIComponent(notification.postId)}` : null;
}
