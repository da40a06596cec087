import type { exportModerationDataRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { ModerationCore } from './moderation-core';

/**
 * Moderation's part of "Download my data", for the person signed in or for identity's export job
 * asking on their behalf with its short-lived token (index.ts: `exportToken`).
 */
export function exportMyData(
  core: Pick<ModerationCore, 'exports'>,
  { user }: RouteInput<typeof exportModerationDataRoute>,
): Promise<RouteOutput<typeof exportModerationDataRoute>> {
  return core.exports.partOf(user.id);
}
