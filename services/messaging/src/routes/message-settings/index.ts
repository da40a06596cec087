import { getMessageSettingsRoute, putMessageSettingsRoute } from '@saathi/contracts';
import type { MessageSettings } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface MessageSettingsRoutesDeps {
  get(user: AuthUser): Promise<MessageSettings>;
  put(user: AuthUser, settings: MessageSettings): Promise<MessageSettings>;
}

/** The caller's own settings only: there is no way to name another person. */
export function messageSettingsRoutes(app: App, deps: MessageSettingsRoutesDeps): void {
  registerRoute(app, getMessageSettingsRoute, (request) => deps.get(requireUser(request)));
  registerRoute(app, putMessageSettingsRoute, (request) => deps.put(requireUser(request), request.body));
}
