import type { AuthUser, Clock, JobQueue, UnitOfWork } from '@saathi/platform';
import type { CellCache } from '../cache/cell-cache';
import type { CircleCellCache } from '../cache/circle-cells';
import type { ViewerExclusions } from '../cache/viewer-exclusions';
import type { ActivitiesRepository } from '../db/activities-repository';
import type { ActivityHistoryRepository } from '../db/activity-history-repository';
import type { ActivitySeriesRepository } from '../db/activity-series-repository';
import type { AuthorsRepository } from '../db/authors-repository';
import type { CirclesRepository } from '../db/circles-repository';
import type { CommentsRepository } from '../db/comments-repository';
import type { DailyResponsesRepository } from '../db/daily-responses-repository';
import type { EngagementRepository } from '../db/engagement-repository';
import type { PostPhotosRepository } from '../db/post-photos-repository';
import type { PostsRepository } from '../db/posts-repository';

/**
 * The pieces the feed's use cases are written against. Each use case takes a `Pick` of this —
 * only what it touches — so its signature says what it reads and writes, and a test builds
 * only that.
 */
export interface FeedCore {
  uow: UnitOfWork;
  clock: Clock;
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
  /** Hot cells of the plain feed query; null when FEED_CACHE_MS is 0 (and in workers). */
  cache: CellCache | null;
  /** "Circles near you" cells for signed-out viewers; null when FEED_CACHE_MS is 0 (and in workers). */
  circleCells: CircleCellCache | null;
  /** Each signed-in viewer's feed exclusions; null when FEED_EXCLUSIONS_MS is 0 (and in workers). */
  exclusions: ViewerExclusions | null;
}

/** The request facts a use case may need, without handing it the request. */
export interface RequestMeta {
  /** The request's trace id; it travels in the events' envelopes and the jobs it queues. */
  traceId: string;
}

/** Who is asking: the verified token's user, or nobody. */
export type Viewer = AuthUser | null;
