/**
 * Bench child: a service app (platform `createApp`, production settings) answering a feed page
 * of ten posts (≈ 6.6 KB of JSON) at the bench gateway's declared route. argv: [on|off] — whether
 * the app compresses JSON (on by default, as every service).
 */
import { randomUUID } from 'node:crypto';
import { createApp } from '@saathi/platform';

const compressJson = process.argv[2] !== 'off';
const page = {
  posts: Array.from({ length: 10 }, (_, i) => ({
    id: randomUUID(),
    userId: randomUUID(),
    content: `Looking for a running partner near the lake at 6 am, beginners welcome ${i}. Anyone up for chess after?`,
    hashtags: ['#running', '#fitness'],
    latitude: 28.61 + i / 1000,
    longitude: 77.2,
    createdAt: new Date().toISOString(),
    expiresAt: new Date().toISOString(),
    likeCount: i,
    commentCount: 2,
    liked: false,
    reactions: [
      { emoji: '👍', count: 3, reacted: false },
      { emoji: '🔥', count: 1, reacted: true },
    ],
    author: { id: randomUUID(), displayName: 'Priya Sharma', initials: 'PS', profileImageUrl: null },
    distanceMeters: 420,
    activity: null,
  })),
  hasMore: true,
};
const app = await createApp({
  name: 'json-page',
  logLevel: 'warn',
  accessLog: 'errors',
  readiness: {},
  defaultMetrics: false,
  compressJson,
});
app.get('/api/blog/ping', () => page);
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
process.on('disconnect', () => {
  void app.close().then(() => process.exit(0));
});
