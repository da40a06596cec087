import {
  deletePushSubscriptionRoute,
  getNoticeSettingsRoute,
  getPushKeyRoute,
  listMutesRoute,
  muteRoute,
  saveNoticeSettingsRoute,
  savePushSubscriptionRoute,
  unmuteRoute,
} from '@saathi/contracts';
import type { Mute, MuteBody, MuteKind, NoticeSettings, PushSubscriptionBody } from '@saathi/contracts';
import { registerRoute, requireUser } from '@saathi/platform';
import type { App, AuthUser } from '@saathi/platform';

export interface PushRoutesDeps {
  pushKey(): { publicKey: string };
  saveSubscription(user: AuthUser, body: PushSubscriptionBody): Promise<void>;
  deleteSubscription(user: AuthUser, endpoint: string): Promise<void>;
  settings(user: AuthUser): Promise<NoticeSettings>;
  saveSettings(user: AuthUser, settings: NoticeSettings): Promise<NoticeSettings>;
  listMutes(user: AuthUser): Promise<{ mutes: Mute[] }>;
  mute(user: AuthUser, body: MuteBody): Promise<Mute>;
  unmute(user: AuthUser, kind: MuteKind, id: string): Promise<void>;
}

/** Web Push subscriptions, what reaches whom, quiet hours and mutes: each person's own only. */
export function pushRoutes(app: App, deps: PushRoutesDeps): void {
  registerRoute(app, getPushKeyRoute, () => deps.pushKey());
  registerRoute(app, savePushSubscriptionRoute, async (request, reply) => {
    await deps.saveSubscription(requireUser(request), request.body);
    return reply.code(204).send();
  });
  registerRoute(app, deletePushSubscriptionRoute, async (request, reply) => {
    await deps.deleteSubscription(requireUser(request), request.body.endpoint);
    return reply.code(204).send();
  });
  registerRoute(app, getNoticeSettingsRoute, (request) => deps.settings(requireUser(request)));
  registerRoute(app, saveNoticeSettingsRoute, (request) =>
    deps.saveSettings(requireUser(request), request.body),
  );
  registerRoute(app, listMutesRoute, (request) => deps.listMutes(requireUser(request)));
  registerRoute(app, muteRoute, (request) => deps.mute(requireUser(request), request.body));
  registerRoute(app, unmuteRoute, async (request, reply) => {
    await deps.unmute(requireUser(request), request.params.kind, request.params.id);
    return reply.code(204).send();
  });
}
