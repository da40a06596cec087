import { profileStatsRoute } from '@saathi/contracts';
import type { ProfileStats } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';

export interface ProfileStatsRoutesDeps {
  profileStats(userId: string): Promise<ProfileStats>;
}

/** Profiles are for signed-in people, like the profile screen this feeds. */
export function profileStatsRoutes(app: App, deps: ProfileStatsRoutesDeps): void {
  registerRoute(app, profileStatsRoute, (request) => deps.profileStats(request.params.userId));
}
