// When a chat message was sent, as the thread and the conversation list show it: the recent past
// in words, the last week in days, anything older as a date.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/** "Just now" under an hour, "3h ago" under a day, "Yesterday" under two, "4d ago" under a week, then a date. */
export function messageTime(sentAt: string | Date, now: Date = new Date(), locale?: string): string {
  const then = sentAt instanceof Date ? sentAt : new Date(sentAt);
  if (Number.isNaN(then.getTime())) return '';
  // A sender's clock slightly ahead of ours reads as "Just now", never as the future.
  const elapsed = Math.max(0, now.getTime() - then.getTime());
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  if (elapsed < 2 * DAY_MS) return 'Yesterday';
  if (elapsed < WEEK_MS) return `${Math.floor(elapsed / DAY_MS)}d ago`;
  return then.toLocaleDateString(locale);
}
