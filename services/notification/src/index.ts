import {
  messageSentV1,
  activityAcceptedV1,
  activityCheckedInV1,
  activityClosedV1,
  activityDeclinedV1,
  activityLeftV1,
  activityReminderV1,
  activityRepeatedV1,
  activityRequestedV1,
  circleActivityPostedV1,
  circleMemberJoinedV1,
  circleMentionedV1,
  circleRequestedV1,
  commentCreatedV1,
  createFeedbackRoute,
  deletePushSubscriptionRoute,
  emailVerificationRequestedV1,
  emailVerificationRequestedV2,
  exportNotificationDataRoute,
  getNoticeSettingsRoute,
  getPushKeyRoute,
  listFeedbackRoute,
  listMutesRoute,
  listNotificationsRoute,
  listPageViewsRoute,
  markAllNotificationsReadRoute,
  markNotificationReadRoute,
  muteRoute,
  notificationMissedV1,
  passwordResetRequestedV1,
  passwordResetRequestedV2,
  postDeletedV1,
  postExpiredV1,
  postLikedV1,
  QueueName,
  reactionAddedV1,
  reactionRemovedV1,
  recordPageViewRoute,
  saveNoticeSettingsRoute,
  savePushSubscriptionRoute,
  unmuteRoute,
  userBlockedV1,
  userDeletedV1,
  userEmailVerifiedV1,
  userRegisteredV1,
  userUnblockedV1,
  userUpdatedV1,
} from '@saathi/contracts';
import {
  defineService,
  every,
  handle,
  handlePublic,
  handleRaw,
  onEvent,
  onJob,
  requestMetaOf,
} from '@saathi/platform';
import { configSchema } from './config';
import { noticeMessage, noticeMessagesWithoutChange } from './use-cases/message-notice';
import { activityMailCheckJob } from './jobs/activity-mail-check';
import { pushReleaseJob } from './jobs/push-release';
import { sendEmailJob } from './jobs/send-email';
import { webPushJob } from './jobs/web-push';
import { SCHEMA } from './schema-name';
import { eraseAccount } from './use-cases/account-erasure';
import * as mails from './use-cases/account-mails';
import * as activities from './use-cases/activity-notices';
import { recordBlock, recordUnblock } from './use-cases/blocks';
import * as circles from './use-cases/circle-notices';
import { exportMyData } from './use-cases/export';
import { listFeedback, sendFeedback } from './use-cases/feedback';
import { createNotificationCore, createNotificationWorkerCore } from './use-cases/notification-core';
import type { NotificationCore } from './use-cases/notification-core';
import { listNotifications, markAllNotificationsRead, markNotificationRead } from './use-cases/notifications';
import { pageViewsReport, recordPageView } from './use-cases/page-views';
import * as posts from './use-cases/post-notices';
import { pruneNotifications } from './use-cases/prune';
import * as push from './use-cases/push';
import * as users from './use-cases/users';

export type { Config } from './config';
export { configSchema };

const HOUR = 60 * 60 * 1000;

/**
 * Notification: account mails (sent by its worker), in-app notifications of comments, likes,
 * reactions, messages, activities and circles (with a mail for messages and activity notices to
 * people who are away, and Web Push to their browsers, as each person's settings say), and
 * feedback. This is its table of contents: every way in, and the use case it runs. Access (the
 * route's `access`), validation, the inbox, retries and the event tables' upkeep are the platform's.
 */
export const notificationService = defineService({
  name: 'notification',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  auth: 'platform',
  appOptions: (config) => ({ trustProxy: config.TRUST_PROXY }),
  core: createNotificationCore,
  routes: [
    // The bell: the signed-in person's own notifications.
    handle(listNotificationsRoute, listNotifications),
    handle(markNotificationReadRoute, markNotificationRead),
    handle(markAllNotificationsReadRoute, markAllNotificationsRead),
    handle(exportNotificationDataRoute, exportMyData, { exportToken: true }),
    // Feedback: anyone sends it (signed out too), with the browser's User-Agent; admins read it.
    handleRaw(createFeedbackRoute, async (core: NotificationCore, request, reply) =>
      reply.code(201).send(
        await sendFeedback(core, {
          user: request.user ?? null,
          body: request.body,
          meta: requestMetaOf(request),
          userAgent: request.headers['user-agent'],
        }),
      ),
    ),
    handle(listFeedbackRoute, listFeedback),
    // Page views: the screen and the browser's tracking preference, never who or where from.
    handleRaw(recordPageViewRoute, async (core: NotificationCore, request, reply) =>
      reply.code(202).send(
        await recordPageView(core, {
          route: request.body.route,
          doNotTrack: request.headers.dnt === '1' || request.headers['sec-gpc'] === '1',
        }),
      ),
    ),
    handle(listPageViewsRoute, pageViewsReport),
    // Web Push: the key for anyone; subscriptions, settings and mutes, each person's own.
    handlePublic(getPushKeyRoute, push.pushKey),
    handle(savePushSubscriptionRoute, push.savePushSubscription),
    handle(deletePushSubscriptionRoute, push.deletePushSubscription),
    handle(getNoticeSettingsRoute, push.noticeSettingsOf),
    handle(saveNoticeSettingsRoute, push.saveNoticeSettings),
    handle(listMutesRoute, push.listMutes),
    handle(muteRoute, push.mute),
    handle(unmuteRoute, push.unmute),
  ],
  consumers: [
    // A message: most are the same person writing again to someone online, which one idempotent
    // statement settles before any transaction or inbox row (settleFirst); the rest become a
    // notice, and a mail or push when the recipient is away.
    onEvent(messageSentV1, 'notification.message-sent', noticeMessage, {
      settleFirst: noticeMessagesWithoutChange,
    }),
    // Account mails, queued for the worker (one job per event).
    onEvent(passwordResetRequestedV1, 'notification.password-reset-mail', mails.mailPasswordReset),
    onEvent(passwordResetRequestedV2, 'notification.password-reset-mail-v2', mails.mailPasswordResetSealed),
    onEvent(
      emailVerificationRequestedV1,
      'notification.email-verification-mail',
      mails.mailEmailVerification,
    ),
    onEvent(
      emailVerificationRequestedV2,
      'notification.email-verification-mail-v2',
      mails.mailEmailVerificationSealed,
    ),
    onEvent(userEmailVerifiedV1, 'notification.welcome-mail-verified', mails.mailWelcome),
    // The users projection: names for notices, proved addresses for mails.
    onEvent(userRegisteredV1, 'notification.users-registered', users.recordRegisteredUser),
    onEvent(userEmailVerifiedV1, 'notification.users-email-verified', users.recordVerifiedEmail),
    onEvent(userUpdatedV1, 'notification.users-updated', users.recordUpdatedUser),
    // Posts: comments, likes and reactions to their authors; posts that are gone.
    onEvent(commentCreatedV1, 'notification.comment-created', posts.noticeComment),
    onEvent(postLikedV1, 'notification.post-liked', posts.noticeLike),
    onEvent(reactionAddedV1, 'notification.reaction-added', posts.noticeReaction),
    onEvent(reactionRemovedV1, 'notification.reaction-removed', posts.withdrawReaction),
    onEvent(postDeletedV1, 'notification.post-deleted', posts.forgetDeletedPost),
    onEvent(postExpiredV1, 'notification.post-expired', posts.forgetExpiredPosts),
    onEvent(userDeletedV1, 'notification.user-deleted', eraseAccount),
    // Activities.
    onEvent(activityRequestedV1, 'notification.activity-requested', activities.noticeActivityRequested),
    onEvent(activityAcceptedV1, 'notification.activity-accepted', activities.noticeActivityAccepted),
    onEvent(activityReminderV1, 'notification.activity-reminder', activities.noticeActivityReminder),
    onEvent(activityDeclinedV1, 'notification.activity-declined', activities.noticeActivityDeclined),
    onEvent(activityLeftV1, 'notification.activity-left', activities.noticeActivityLeft),
    onEvent(activityClosedV1, 'notification.activity-closed', activities.noticeActivityClosed),
    onEvent(activityRepeatedV1, 'notification.activity-repeated', activities.noticeActivityRepeated),
    onEvent(activityCheckedInV1, 'notification.activity-checked-in', activities.noticeActivityCheckedIn),
    // Circles.
    onEvent(circleRequestedV1, 'notification.circle-requested', circles.noticeCircleRequested),
    onEvent(circleMemberJoinedV1, 'notification.circle-member-joined', circles.noticeCircleMemberJoined),
    onEvent(
      circleActivityPostedV1,
      'notification.circle-activity-posted',
      circles.noticeCircleActivityPosted,
    ),
    onEvent(circleMentionedV1, 'notification.circle-mentioned', circles.noticeCircleMentioned),
    // Blocks: nobody is told of, or named to, someone they blocked or were blocked by.
    onEvent(userBlockedV1, 'notification.user-blocked', recordBlock),
    onEvent(userUnblockedV1, 'notification.user-unblocked', recordUnblock),
    // A notification reached someone with no socket open: a push, held or not as they chose.
    onEvent(notificationMissedV1, 'notification.notification-missed', push.pushMissedNotice),
  ],
  periodic: [every('notification-prune', HOUR, pruneNotifications)],
  // The worker process (worker.ts): mail, the activity-mail checks and pushes.
  worker: {
    core: createNotificationWorkerCore,
    jobs: [
      onJob(QueueName.email, sendEmailJob, { concurrency: 4 }),
      onJob(QueueName.activityMailChecks, activityMailCheckJob, { concurrency: 2 }),
      // Pushes wait on the network, not the CPU: many at once keep a burst's latency low.
      onJob(QueueName.webPush, webPushJob, { concurrency: 32 }),
      onJob(QueueName.pushReleases, pushReleaseJob, { concurrency: 4 }),
    ],
  },
});
