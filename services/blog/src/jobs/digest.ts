import type { JobContext, ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { createBlogCore } from '../use-cases/blog-core';
import { writeDigest } from '../use-cases/digest';

/** The community digest job: weekly (the past week) and on an admin's demand (the current week). */
export function blogDigestJob(kit: ServiceKit<Config>) {
  const core = createBlogCore(kit);
  return async (job: JobContext<'blog-digest'>): Promise<void> => {
    const story = await writeDigest(core, job.data.week);
    kit.logger.info(
      { jobId: job.id, slug: story?.slug ?? null },
      story ? 'digest written' : 'no activity to digest',
    );
  };
}
