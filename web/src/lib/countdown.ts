// The countdown badge's text: time left until a post expires.

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** How often the badge recomputes. */
export const COUNTDOWN_REFRESH_MS = 60_000;

export type Countdown = { expired: true } | { expired: false; remaining: string };

/**
 * Days and hours when at least a day is left ("2d 5h"), else hours and minutes ("5h 12m"),
 * else minutes ("12m"); expired at zero or less.
 */
export function countdown(expiresAt: string | Date, now: Date = new Date()): Countdown {
  const end = expiresAt instanceof Date ? expiresAt : new Date(expiresAt);
  const left = end.getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return { expired: true };
  const days = Math.floor(left / DAY_MS);
  const hours = Math.floor((left % DAY_MS) / HOUR_MS);
  const minutes = Math.floor((left % HOUR_MS) / MINUTE_MS);
  if (days > 0) return { expired: false, remaining: `${days}d ${hours}h` };
  if (hours > 0) return { expired: false, remaining: `${hours}h ${minutes}m` };
  return { expired: false, remaining: `${minutes}m` };
}
