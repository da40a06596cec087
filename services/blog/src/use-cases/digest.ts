import { POST_HASHTAGS, QueueName } from '@saathi/contracts';
import type { BlogPost } from '@saathi/contracts';
import { areaOf } from '../domain/areas';
import { composeDigest } from '../domain/digest';
import { isoWeekOf, previousIsoWeek } from '../domain/iso-week';
import type { BlogCore } from './blog-core';
import { storyOf } from './present';

const KNOWN_HASHTAGS = new Set<string>(POST_HASHTAGS);

/**
 * A new feed post, counted: its ISO week, its city (never the point itself) and its hashtags
 * from the fixed list (anything else is dropped, so no free text reaches the digest).
 */
export function countPost(
  core: Pick<BlogCore, 'activity'>,
  post: { latitude: number; longitude: number; hashtags: readonly string[]; createdAt: string },
): Promise<void> {
  const week = isoWeekOf(new Date(post.createdAt));
  const hashtags = post.hashtags.map((tag) => tag.toLowerCase()).filter((tag) => KNOWN_HASHTAGS.has(tag));
  return core.activity.countPost(week, areaOf(post), hashtags);
}

/**
 * Writes (or rewrites) the community digest of `week`, default the past week. A week without
 * activity writes nothing: a fresh install shows the seeded stories rather than an empty digest.
 */
export async function writeDigest(core: BlogCore, week?: string): Promise<BlogPost | null> {
  const target = week ?? previousIsoWeek(core.clock.now());
  const story = composeDigest(target, await core.activity.weekActivity(target));
  if (!story) return null;
  return storyOf(await core.posts.upsertBySlug(story, core.clock.now()));
}

/** An admin's request: this week's digest so far, written by the worker. */
export async function requestDigest(core: BlogCore): Promise<void> {
  const now = core.clock.now();
  const week = isoWeekOf(now);
  await core.queue.add(QueueName.blogDigest, { week }, { jobId: `blog-digest-${week}-${now.getTime()}` });
}
