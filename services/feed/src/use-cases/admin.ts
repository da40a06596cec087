import { randomUUID } from 'node:crypto';
import { FeedMessages, QueueName } from '@saathi/contracts';
import type { botPostRoute, FeedPost, LocationInput, seedActivityRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { BOT_AUTHORS, botPostNear, seededRandom, stableUuid } from '../domain/bots';
import type { FeedCore, RequestMeta } from './feed-core';
import { writePost } from './posts';
import type { PostWriting } from './posts';

/** Posts one seeding job writes. */
export const SEEDED_POSTS_PER_JOB = 6;

async function writeBotPost(
  core: PostWriting,
  place: LocationInput,
  random: () => number,
  meta: RequestMeta & { id?: string },
): Promise<FeedPost> {
  const draft = botPostNear(place, random);
  await core.authors.ensureBots(BOT_AUTHORS);
  return writePost(core, { id: draft.bot.userId, username: draft.bot.username }, draft, meta);
}

/** Admin tool: one bot post near the place, now. */
export function createBotPost(
  core: PostWriting,
  { body: place, meta }: RouteInput<typeof botPostRoute>,
): Promise<RouteOutput<typeof botPostRoute>> {
  return writeBotPost(core, place, Math.random, { traceId: meta.traceId });
}

/** Admin tool: queue a burst of bot activity near the place (the bot-seeding worker writes it). */
export async function requestActivitySeeding(
  core: Pick<FeedCore, 'queue'>,
  { body: place }: RouteInput<typeof seedActivityRoute>,
): Promise<RouteOutput<typeof seedActivityRoute>> {
  await core.queue.add(
    QueueName.botSeeding,
    // The place's name is not queued: the bot posts name the area derived from the point.
    { latitude: place.latitude, longitude: place.longitude },
    { jobId: randomUUID(), attempts: 3, backoffMs: 2_000 },
  );
  return { message: FeedMessages.seedingQueued };
}

/**
 * The bot-seeding job: a few posts from the bot accounts near the place. Content, places and
 * post ids derive from the job id, so a retried attempt rewrites the same posts (and skips those
 * already written) instead of adding more.
 */
export async function seedBotActivity(
  core: PostWriting,
  job: { id: string; place: LocationInput },
): Promise<void> {
  const random = seededRandom(job.id);
  for (let i = 0; i < SEEDED_POSTS_PER_JOB; i++) {
    await writeBotPost(core, job.place, random, { traceId: job.id, id: stableUuid(`${job.id}#${i}`) });
  }
}
