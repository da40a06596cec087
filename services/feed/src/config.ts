import { commonEnvSchema, infraEnvSchema, portVar } from '@saathi/platform';
import { POST_PHOTOS_PER_DAY } from '@saathi/contracts';
import { z } from 'zod';

/** Feed's environment (the service and its worker share it). */
export const configSchema = commonEnvSchema
  .extend(
    infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, JWT_PUBLIC_KEY: true }).shape,
  )
  .extend({
    PORT: portVar(4002),
    /**
     * How long the feed cache reuses a cell's newest posts before refreshing them (in the
     * background, serving the old copy meanwhile, for at most as long again). This process's
     * writes clear the cells they touch at once and other replicas hear the feed's events, so
     * this bounds only a missed broadcast; refreshing every hot cell every 5 s cost a quarter of
     * the feed's CPU per request and most of its p99 (load-tests/RESULTS.md). 0 turns it off.
     */
    FEED_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(30_000),
    /** How many cells the cache keeps at most (least recently used go first). */
    FEED_CACHE_CELLS: z.coerce.number().int().min(1).default(20_000),
    /**
     * How long a feed replica remembers what a signed-in viewer must not see (blocks either way,
     * reported posts) between reads; a block or report is heard at once by every replica, so this
     * bounds only a missed broadcast. 0 reads them inside every feed query.
     */
    FEED_EXCLUSIONS_MS: z.coerce.number().int().min(0).max(300_000).default(30_000),
    /** How many viewers' exclusions a replica remembers at most (the oldest go first). */
    FEED_EXCLUSIONS_VIEWERS: z.coerce.number().int().min(1).default(100_000),
    /** How often the post-expiry job retires expired posts. */
    POST_EXPIRY_EVERY_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** How often the reminder sweep looks for activities starting within 2 hours. */
    ACTIVITY_REMINDER_EVERY_MS: z.coerce.number().int().min(1_000).default(60_000),
    /** Per account an hour (use-cases/write-limits.ts): posts, comments, activity join requests. */
    POSTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
    COMMENTS_PER_HOUR: z.coerce.number().int().min(1).default(120),
    ACTIVITY_JOINS_PER_HOUR: z.coerce.number().int().min(1).default(60),
    /** Photos one account may upload in 24 hours, attached to a post or not. */
    POST_PHOTOS_PER_DAY: z.coerce.number().int().min(1).default(POST_PHOTOS_PER_DAY),
    /** Where the web app is served: calendar files link back to the activity there. */
    PUBLIC_ORIGIN: z
      .url()
      .default('http://localhost:3000')
      .transform((value) => value.replace(/\/+$/, '')),
  });
export type Config = z.infer<typeof configSchema>;
