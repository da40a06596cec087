import type { JobContext, ServiceKit } from '@saathi/platform';
import { createFeedCore } from '../use-cases/feed-core';
import type { Config } from '../config';
import { expirePosts } from '../use-cases/expire-posts';

/** The repeatable post-expiry job (scheduled by the service at start, every POST_EXPIRY_EVERY_MS). */
export function postExpiryJob(kit: ServiceKit<Config>) {
  const core = createFeedCore(kit, { cache: false });
  return async (job: JobContext<'post-expiry'>): Promise<void> => {
    const expired = await expirePosts(core);
    if (expired > 0) kit.logger.info({ jobId: job.id, expired }, 'expired posts retired');
  };
}
