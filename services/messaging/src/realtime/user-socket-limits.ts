import { createSendRate } from './send-rate';
import type { SendRate } from './send-rate';

/** Per user: 20 sends at once, then 5 a second (the gateway's HTTP limit is 600 a minute per address). */
export const SOCKET_SEND_RATE = { perSecond: 5, burst: 20 };
/**
 * Per user: 10 typing changes at once, then 2 a second. The web sends one every two seconds
 * while someone types and one when they stop; a script flooding the other participant's socket
 * is cut to the refill rate.
 */
export const SOCKET_TYPING_RATE = { perSecond: 2, burst: 10 };
/** Tabs and devices one person keeps open on one messaging process; the next handshake is refused. */
export const MAX_SOCKETS_PER_USER = 10;

/** The buckets all of one user's sockets on this process draw from. */
export interface UserBuckets {
  send: SendRate;
  typing: SendRate;
}

export interface UserSocketLimits {
  /** Whether one more socket of this user may connect to this process. */
  hasRoom(userId: string): boolean;
  /** Counts a connected socket and answers its user's shared buckets. */
  join(userId: string): UserBuckets;
  /** Counts a socket gone. */
  leave(userId: string): void;
  /** The buckets of a user with a socket here (kept out of `socket.data`, which replicas exchange). */
  bucketsOf(userId: string): UserBuckets | undefined;
}

interface Entry {
  sockets: number;
  buckets: UserBuckets;
  forget?: NodeJS.Timeout;
}

/**
 * Limits per person rather than per socket: with a bucket per socket, opening more sockets
 * bought more sends. A user's buckets outlive their last socket until they would be full again,
 * so disconnecting and reconnecting does not refill them early either.
 */
export function createUserSocketLimits(now: () => number = Date.now): UserSocketLimits {
  const users = new Map<string, Entry>();
  const refillMs =
    Math.max(
      SOCKET_SEND_RATE.burst / SOCKET_SEND_RATE.perSecond,
      SOCKET_TYPING_RATE.burst / SOCKET_TYPING_RATE.perSecond,
    ) * 1000;

  return {
    hasRoom: (userId) => (users.get(userId)?.sockets ?? 0) < MAX_SOCKETS_PER_USER,
    join(userId) {
      let entry = users.get(userId);
      if (!entry) {
        entry = {
          sockets: 0,
          buckets: {
            send: createSendRate(SOCKET_SEND_RATE, now),
            typing: createSendRate(SOCKET_TYPING_RATE, now),
          },
        };
        users.set(userId, entry);
      }
      clearTimeout(entry.forget);
      entry.forget = undefined;
      entry.sockets += 1;
      return entry.buckets;
    },
    bucketsOf: (userId) => users.get(userId)?.buckets,
    leave(userId) {
      const entry = users.get(userId);
      if (!entry) return;
      entry.sockets -= 1;
      if (entry.sockets > 0) return;
      entry.forget = setTimeout(() => users.delete(userId), refillMs);
      entry.forget.unref();
    },
  };
}
