import { peopleMetRoute } from '@saathi/contracts';
import type { PeopleMet } from '@saathi/contracts';
import { registerRoute } from '@saathi/platform';
import type { App } from '@saathi/platform';

export interface PeopleMetRoutesDeps {
  peopleMet(userId: string): Promise<PeopleMet>;
}

/** Anyone signed in may read anyone's count, as they may open anyone's profile: it names nobody. */
export function peopleMetRoutes(app: App, deps: PeopleMetRoutesDeps): void {
  registerRoute(app, peopleMetRoute, (request) => deps.peopleMet(request.params.userId));
}
