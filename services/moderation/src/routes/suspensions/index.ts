import { listSuspensionsRoute } from '@saathi/contracts';
import type { Suspension } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';

export interface SuspensionRoutesDeps {
  suspensions(): Promise<Suspension[]>;
}

/** Who is suspended now (reinstating is an action): admins only, as the route declares. */
export function suspensionRoutes(app: App, deps: SuspensionRoutesDeps): void {
  registerRoute(app, listSuspensionsRoute, () => deps.suspensions());
}
