import type { JobContext } from '@saathi/platform';
import type { BlogCore } from '../use-cases/blog-core';
import { writeDigest } from '../use-cases/digest';

/** The community digest job: weekly (the past week) and on an admin's demand (the current week). */
export async function blogDigestJob(
  core: Parameters<typeof writeDigest>[0] & Pick<BlogCore, 'logger'>,
  job: JobContext<'blog-digest'>,
): Promise<void> {
  const story = await writeDigest(core, job.data.week);
  core.logger.info(
    { jobId: job.id, slug: story?.slug ?? null },
    story ? 'digest written' : 'no activity to digest',
  );
}
