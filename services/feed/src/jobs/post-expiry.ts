import type { JobContext } from '@saathi/platform';
import type { FeedCore } from '../use-cases/feed-core';
import { expirePosts } from '../use-cases/expire-posts';

/** The repeatable post-expiry job (booked by the service at start, every POST_EXPIRY_EVERY_MS). */
export async function postExpiryJob(
  core: Parameters<typeof expirePosts>[0] & Pick<FeedCore, 'logger'>,
  job: JobContext<'post-expiry'>,
): Promise<void> {
  const expired = await expirePosts(core);
  if (expired > 0) core.logger.info({ jobId: job.id, expired }, 'expired posts retired');
}
