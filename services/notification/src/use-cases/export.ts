import type { exportNotificationDataRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

/**
 * Notification's part of "Download my data" (db/export-repository.ts says what is in it), for
 * the person signed in or for identity's export job asking on their behalf with its short-lived
 * token (index.ts: `exportToken`).
 */
export function exportMyData(
  core: Pick<NotificationCore, 'exports'>,
  { user }: RouteInput<typeof exportNotificationDataRoute>,
): Promise<RouteOutput<typeof exportNotificationDataRoute>> {
  return core.exports.partOf(user.id);
}
