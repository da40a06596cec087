import { exportRoutes } from './routes/export';
import type { App, ServiceKit } from '@saathi/platform';
import type { Config } from './config';
import { feedbackRoutes } from './routes/feedback';
import { notificationRoutes } from './routes/notifications';
import { pageViewRoutes } from './routes/page-views';
import { pushRoutes } from './routes/push';
import { pageViewsReport, recordPageView } from './use-cases/page-views';
import { listFeedback, sendFeedback } from './use-cases/feedback';
import { createNotificationCore } from './use-cases/notification-core';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './use-cases/notifications';
import {
  deletePushSubscription,
  listMutes,
  mute,
  noticeSettingsOf,
  pushKey,
  saveNoticeSettings,
  savePushSubscription,
  unmute,
} from './use-cases/push-settings';

/** Wires notification's routes: builds its core once and hands each route plugin only what it calls. */
export function registerNotification(app: App, kit: ServiceKit<Config>): void {
  const core = createNotificationCore(kit);
  notificationRoutes(app, {
    listNotifications: (user, limit) => listNotifications(core, user, limit),
    markNotificationRead: (user, id) => markNotificationRead(core, user, id),
    markAllNotificationsRead: (user) => markAllNotificationsRead(core, user),
  });
  feedbackRoutes(app, {
    sendFeedback: (user, body, meta) => sendFeedback(core, user, body, meta),
    listFeedback: (page) => listFeedback(core, page),
  });
  exportRoutes(app, { db: kit.db.db, publicKey: kit.config.JWT_PUBLIC_KEY });
  pageViewRoutes(app, {
    recordPageView: (route, preference) => recordPageView(core, route, preference),
    pageViewsReport: (days) => pageViewsReport(core, days),
  });
  pushRoutes(app, {
    pushKey: () => pushKey(core),
    saveSubscription: (user, body) => savePushSubscription(core, user, body),
    deleteSubscription: (user, endpoint) => deletePushSubscription(core, user, endpoint),
    settings: (user) => noticeSettingsOf(core, user),
    saveSettings: (user, settings) => saveNoticeSettings(core, user, settings),
    listMutes: (user) => listMutes(core, user),
    mute: (user, body) => mute(core, user, body),
    unmute: (user, kind, id) => unmute(core, user, kind, id),
  });
}
