import type { listSuspensionsRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { ModerationCore } from './moderation-core';

/** How many suspensions one screen shows. */
export const SUSPENSIONS_PAGE = 100;

/** Who is suspended now, most recent first (reinstating is an action: use-cases/admin.ts). */
export function listSuspensions(
  core: Pick<ModerationCore, 'suspensions'>,
  _input: RouteInput<typeof listSuspensionsRoute>,
): Promise<RouteOutput<typeof listSuspensionsRoute>> {
  return core.suspensions.list(SUSPENSIONS_PAGE);
}
