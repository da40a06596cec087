import { ErasedPeople } from '@saathi/platform';
import type {
  AuthUser,
  Clock,
  JobQueue,
  Logger,
  RateLimiter,
  ServiceKit,
  UnitOfWork,
} from '@saathi/platform';
import { CellCache } from '../cache/cell-cache';
import { CircleCellCache } from '../cache/circle-cells';
import { ViewerExclusions } from '../cache/viewer-exclusions';
import type { Config } from '../config';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { ActivitiesRepository } from '../db/activities-repository';
import { ActivityHistoryRepository } from '../db/activity-history-repository';
import { ActivitySeriesRepository } from '../db/activity-series-repository';
import { AdminReviewRepository } from '../db/admin-review-repository';
import { AuthorsRepository } from '../db/authors-repository';
import { BlocksRepository } from '../db/blocks-repository';
import { CirclesRepository } from '../db/circles-repository';
import { CommentsRepository } from '../db/comments-repository';
import { DailyResponsesRepository } from '../db/daily-question-repository';
import { EditsRepository } from '../db/edits-repository';
import { EngagementRepository } from '../db/engagement-repository';
import { ExportRepository } from '../db/export-repository';
import { PostPhotosRepository } from '../db/photos-repository';
import { PostsRepository } from '../db/posts-repository';
import { SafetyRepository } from '../db/safety-repository';
import { SCHEMA } from '../db/schema-name';
import type { LimitedWrite } from './write-limits';

/** Newest posts kept per cached cell: enough for the first pages around any point. */
export const CACHED_POSTS_PER_CELL = 24;
/** Newest circles kept per cached cell: the first page around any point, most of the time. */
export const CACHED_CIRCLES_PER_CELL = 24;

/**
 * How long after a block, unblock or report its people's exclusions are read inside the query
 * rather than remembered: far above the time the projection takes to apply the event.
 */
const EXCLUSIONS_QUIET_MS = 10_000;

/** How long after a moderation event the caches are cleared again (use-cases/cache-invalidation.ts). */
const MODERATION_RECHECK_MS = 2_000;

/**
 * What the feed's use cases are written against, built once per process (`createFeedCore`).
 * Each use case takes a `Pick` of this — only what it touches — so its signature says what it
 * reads and writes, and its test fakes only that.
 */
export interface FeedCore {
  uow: UnitOfWork;
  clock: Clock;
  /** The process's logger (the worker's jobs report what they did). */
  logger: Logger;
  queue: JobQueue;
  posts: PostsRepository;
  comments: CommentsRepository;
  engagement: EngagementRepository;
  authors: AuthorsRepository;
  dailyResponses: DailyResponsesRepository;
  activities: ActivitiesRepository;
  activityHistory: ActivityHistoryRepository;
  activitySeries: ActivitySeriesRepository;
  photos: PostPhotosRepository;
  circles: CirclesRepository;
  edits: EditsRepository;
  /** Reporters' hides and moderation's decisions (the consumers of moderation's events). */
  safety: SafetyRepository;
  /** The feed's copy of identity's blocks. */
  blocks: BlocksRepository;
  erasure: AccountErasureRepository;
  /** Deleted accounts' ids (a late event of theirs writes nothing back). */
  erasedPeople: ErasedPeople;
  /** What an admin reviewing a report reads: the item as stored, hidden or not. */
  review: AdminReviewRepository;
  /** The feed's part of "Download my data". */
  exports: ExportRepository;
  /** Hot cells of the plain feed query; null when FEED_CACHE_MS is 0 (and in workers). */
  cache: CellCache | null;
  /** "Circles near you" cells for signed-out viewers; null when FEED_CACHE_MS is 0 (and in workers). */
  circleCells: CircleCellCache | null;
  /** Each signed-in viewer's feed exclusions; null when FEED_EXCLUSIONS_MS is 0 (and in workers). */
  exclusions: ViewerExclusions | null;
  /** After a moderation event the caches are cleared now and again this much later. */
  moderationRecheckMs: number;
  /** Counts each person's writes (Redis-backed in a cluster, so every replica shares it). */
  rateLimiter: RateLimiter;
  /** Per account an hour (use-cases/write-limits.ts). */
  writesPerHour: Readonly<Record<LimitedWrite, number>>;
  /** Photos one account may upload in 24 hours. */
  photosPerDay: number;
  /** Where the web app is served: calendar files link back to the activity there. */
  publicOrigin: string;
}

/** The request facts a use case may need, without handing it the request. */
export interface RequestMeta {
  /** The request's trace id; it travels in the events' envelopes and the jobs it queues. */
  traceId: string;
}

/** Who is asking: the verified token's user, or nobody. */
export type Viewer = AuthUser | null;

/**
 * The feed's repositories, settings and (in the service process, `cache: true`) its caches.
 * The service builds it once at start; each worker processor builds its own without caches.
 */
export function createFeedCore(kit: ServiceKit<Config>, options: { cache: boolean }): FeedCore {
  const db = kit.db.db;
  const posts = new PostsRepository(db);
  const circles = new CirclesRepository(db);
  const ttlMs = kit.config.FEED_CACHE_MS;
  return {
    uow: kit.uow,
    clock: kit.clock,
    logger: kit.logger,
    queue: kit.queue,
    posts,
    comments: new CommentsRepository(db),
    engagement: new EngagementRepository(db),
    authors: new AuthorsRepository(db),
    dailyResponses: new DailyResponsesRepository(db),
    activities: new ActivitiesRepository(db),
    activityHistory: new ActivityHistoryRepository(db),
    activitySeries: new ActivitySeriesRepository(db),
    photos: new PostPhotosRepository(db),
    circles,
    edits: new EditsRepository(db),
    safety: new SafetyRepository(db),
    blocks: new BlocksRepository(db),
    erasure: new AccountErasureRepository(db),
    erasedPeople: new ErasedPeople(db, SCHEMA),
    review: new AdminReviewRepository(db),
    exports: new ExportRepository(db),
    cache:
      options.cache && ttlMs > 0
        ? new CellCache({
            ttlMs,
            maxCells: kit.config.FEED_CACHE_CELLS,
            load: (cells) => posts.newestInCells(cells, CACHED_POSTS_PER_CELL, kit.clock.now()),
          })
        : null,
    circleCells:
      options.cache && ttlMs > 0
        ? new CircleCellCache({
            ttlMs,
            maxCells: kit.config.FEED_CACHE_CELLS,
            load: (cells) => circles.listedInCells(cells, CACHED_CIRCLES_PER_CELL, kit.clock.now()),
            nowMs: () => kit.clock.now().getTime(),
          })
        : null,
    exclusions:
      options.cache && kit.config.FEED_EXCLUSIONS_MS > 0
        ? new ViewerExclusions({
            ttlMs: kit.config.FEED_EXCLUSIONS_MS,
            quietMs: EXCLUSIONS_QUIET_MS,
            maxViewers: kit.config.FEED_EXCLUSIONS_VIEWERS,
          })
        : null,
    moderationRecheckMs: MODERATION_RECHECK_MS,
    // Shared across replicas in the cluster (Redis); the one-process mode counts in memory.
    rateLimiter: kit.rateLimiter,
    writesPerHour: {
      posts: kit.config.POSTS_PER_HOUR,
      comments: kit.config.COMMENTS_PER_HOUR,
      activityJoins: kit.config.ACTIVITY_JOINS_PER_HOUR,
    },
    photosPerDay: kit.config.POST_PHOTOS_PER_DAY,
    publicOrigin: kit.config.PUBLIC_ORIGIN,
  };
}
