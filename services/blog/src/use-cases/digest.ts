import { BlogMessages, POST_HASHTAGS, QueueName } from '@saathi/contracts';
import type { BlogPost, generateBlogDigestRoute, postCreatedV1 } from '@saathi/contracts';
import type { ConsumedEvent, RouteInput, RouteOutput } from '@saathi/platform';
import { areaOf } from '../domain/areas';
import { composeDigest } from '../domain/digest';
import { isoWeekOf, previousIsoWeek } from '../domain/iso-week';
import type { BlogCore } from './blog-core';
import { storyOf } from './present';

const KNOWN_HASHTAGS = new Set<string>(POST_HASHTAGS);

/**
 * feed.post.created.v1 → a new feed post, counted once per event: its ISO week, its city (never
 * the point itself) and its hashtags from the fixed list (anything else is dropped, so no free
 * text reaches the digest).
 */
export function countPost(
  core: Pick<BlogCore, 'activity'>,
  { data: post, tx }: ConsumedEvent<typeof postCreatedV1>,
): Promise<void> {
  const week = isoWeekOf(new Date(post.createdAt));
  const hashtags = post.hashtags.map((tag) => tag.toLowerCase()).filter((tag) => KNOWN_HASHTAGS.has(tag));
  return core.activity.with(tx).countPost(week, areaOf(post), hashtags);
}

/**
 * Writes (or rewrites) the community digest of `week`, default the past week. A week without
 * activity writes nothing: a fresh install shows the seeded stories rather than an empty digest.
 */
export async function writeDigest(
  core: Pick<BlogCore, 'activity' | 'posts' | 'clock'>,
  week?: string,
): Promise<BlogPost | null> {
  const target = week ?? previousIsoWeek(core.clock.now());
  const story = composeDigest(target, await core.activity.weekActivity(target));
  if (!story) return null;
  return storyOf(await core.posts.upsertBySlug(story, core.clock.now()));
}

/** An admin's request: this week's digest so far, written by the worker (202). */
export async function requestDigest(
  core: Pick<BlogCore, 'queue' | 'clock'>,
  _input: RouteInput<typeof generateBlogDigestRoute>,
): Promise<RouteOutput<typeof generateBlogDigestRoute>> {
  const now = core.clock.now();
  const week = isoWeekOf(now);
  await core.queue.add(QueueName.blogDigest, { week }, { jobId: `blog-digest-${week}-${now.getTime()}` });
  return { message: BlogMessages.digestQueued };
}

/** The weekly schedule, added when the service starts: one however many replicas start (the job id names it). */
export function scheduleWeeklyDigest(core: Pick<BlogCore, 'queue'>, everyMs: number): Promise<void> {
  return core.queue.add(QueueName.blogDigest, {}, { jobId: 'blog-digest', repeatEveryMs: everyMs });
}
