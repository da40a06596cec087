// How long ago something was written: posts count in hours then days; comments say it in words.

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function elapsedMs(createdAt: string | Date, now: Date): number {
  const then = createdAt instanceof Date ? createdAt : new Date(createdAt);
  const elapsed = now.getTime() - then.getTime();
  // A clock a little ahead of ours (or an unreadable date) reads as "just now", never as negative.
  return Number.isFinite(elapsed) ? Math.max(0, elapsed) : 0;
}

/** A post's age: "Just now" under an hour, "5h ago" under a day, then "3d ago". */
export function postTimeAgo(createdAt: string | Date, now: Date = new Date()): string {
  const elapsed = elapsedMs(createdAt, now);
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) return `${Math.floor(elapsed / HOUR_MS)}h ago`;
  return `${Math.floor(elapsed / DAY_MS)}d ago`;
}

/** A comment's age: "Just now", "1 hour ago", "N hours ago" up to a day, then "1 day ago", "N days ago". */
export function commentAge(createdAt: string | Date, now: Date = new Date()): string {
  const elapsed = elapsedMs(createdAt, now);
  if (elapsed < HOUR_MS) return 'Just now';
  if (elapsed < DAY_MS) {
    const hours = Math.floor(elapsed / HOUR_MS);
    return hours === 1 ? '1 hour ago' : `${hours} hours ago`;
  }
  const days = Math.floor(elapsed / DAY_MS);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}
