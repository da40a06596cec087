import type { exportFeedDataRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { FeedCore } from './feed-core';

/**
 * The feed's part of "Download my data" (identity's export job asks on the person's behalf with
 * its short-lived token): everything the feed holds that the person wrote, did or is in
 * (db/export-repository.ts lists it).
 */
export async function exportMyData(
  core: Pick<FeedCore, 'exports'>,
  { user }: RouteInput<typeof exportFeedDataRoute>,
): Promise<RouteOutput<typeof exportFeedDataRoute>> {
  return core.exports.of(user.id);
}
