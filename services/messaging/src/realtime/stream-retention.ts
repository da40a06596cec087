import type { Redis } from 'ioredis';

/** The Redis stream the Socket.IO adapter relays every push through (socket-server.ts). */
export const SOCKET_STREAM = 'saathi:messaging:socket.io';

/**
 * How long a relayed push may stay in the stream. Every replica reads an entry within
 * milliseconds of its write; nothing replays it later (Socket.IO's connection-state recovery is
 * off, and a reconnecting tab catches up through the API). Without this, the adapter trims by
 * count only (10,000 entries), so on a quiet evening the last messages' text, who sent them and
 * to whom stayed in Redis for days.
 */
export const SOCKET_STREAM_KEEP_MS = 30_000;
const TRIM_EVERY_MS = 10_000;

/** Drops every entry older than `keepMs` (an entry's id starts with its write time in ms). */
export async function trimSocketStream(
  redis: Redis,
  now = Date.now(),
  keepMs = SOCKET_STREAM_KEEP_MS,
  stream = SOCKET_STREAM,
): Promise<number> {
  // Exact, not `~`: an approximate trim keeps whole radix-tree nodes, i.e. old entries.
  return redis.xtrim(stream, 'MINID', String(now - keepMs));
}

/** Trims the stream every few seconds until stopped; a failed trim is retried on the next tick. */
export function keepSocketStreamShort(redis: Redis, onError: (err: unknown) => void): () => void {
  const timer = setInterval(() => {
    trimSocketStream(redis).catch(onError);
  }, TRIM_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
