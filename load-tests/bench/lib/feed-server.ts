/**
 * Bench child: the feed service as in cluster mode — real PostgreSQL (the bench's seeded
 * database, argv[2]), its access log at info on buffered stdout — with the bus and queue in
 * memory (publishing is not what this bench measures). argv[3], if given, is FEED_CACHE_MS; the public key
 * for access tokens comes in BENCH_PUBLIC_KEY. Sends `{ url }` to the parent.
 */
import { configSchema, feedService } from '@saathi/feed';
import {
  connectPostgres,
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  loadConfig,
  startService,
  systemClock,
} from '@saathi/platform';
import { pino } from 'pino';

const [databaseUrl, cacheMs] = process.argv.slice(2);
const publicKey = process.env.BENCH_PUBLIC_KEY;
if (!databaseUrl || !publicKey)
  throw new Error('usage: feed-server.ts <databaseUrl> [cacheMs], BENCH_PUBLIC_KEY set');
const config = loadConfig(configSchema, {
  DATABASE_URL: databaseUrl,
  JWT_PUBLIC_KEY: publicKey,
  // The shipped default unless the bench asks for another (0: no cache).
  ...(cacheMs === undefined ? {} : { FEED_CACHE_MS: cacheMs }),
});
const logger = createLogger({
  name: 'feed',
  level: 'info',
  destination: pino.destination({ dest: 1, sync: false, minLength: 4096 }),
});
const db = connectPostgres(databaseUrl, { logger });
const bus = createMemoryBus({ logger });
const queue = createMemoryQueue({ logger });
const running = await startService(feedService, { config, db, bus, queue, clock: systemClock, logger });
const url = await running.app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
process.on('disconnect', () => {
  void (async () => {
    await running.app.close();
    await running.stop();
    await bus.close();
    await queue.close();
    await db.close();
    process.exit(0);
  })();
});
