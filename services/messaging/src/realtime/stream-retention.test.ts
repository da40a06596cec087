// Issue 29: the Socket.IO stream keeps no message text longer than the replicas need to read it,
// against the real Redis.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { SOCKET_STREAM_KEEP_MS, trimSocketStream } from './stream-retention';

const redis = new Redis(process.env.REDIS_URL ?? 'redis://127.0.0.1:6379');
const stream = `saathi-test:${randomUUID()}:socket.io`;

afterAll(async () => {
  await redis.del(stream);
  redis.disconnect();
});

describe('the Socket.IO stream', () => {
  it('drops every push older than the retention window, however few there are, and keeps newer ones', async () => {
    const now = Date.now();
    // A quiet evening: a few pushes long ago, far under the adapter's 10,000-entry cap.
    for (const ageMs of [86_400_000, 3_600_000, SOCKET_STREAM_KEEP_MS + 1_000])
      await redis.xadd(stream, `${now - ageMs}-0`, 'text', 'see you at the court at 7');
    await redis.xadd(stream, `${now - 1_000}-0`, 'text', 'on my way');

    const dropped = await trimSocketStream(redis, now, SOCKET_STREAM_KEEP_MS, stream);

    expect(dropped).toBe(3);
    const left = await redis.xrange(stream, '-', '+');
    expect(left.map(([, fields]) => fields[1])).toEqual(['on my way']);
  });
});
