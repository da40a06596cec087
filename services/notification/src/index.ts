import { notificationRoutes, QueueName } from '@saathi/contracts';
import { defineService, defineWorker } from '@saathi/platform';
import { registerNotification } from './app';
import { configSchema } from './config';
import type { Config } from './config';
import {
  subscribeActivityAccepted,
  subscribeActivityCheckedIn,
  subscribeActivityClosed,
  subscribeActivityDeclined,
  subscribeActivityLeft,
  subscribeActivityReminder,
  subscribeActivityRepeated,
  subscribeActivityRequested,
} from './events/activity-notices';
import {
  subscribeCircleActivityPosted,
  subscribeCircleMemberJoined,
  subscribeCircleMentioned,
  subscribeCircleRequested,
} from './events/circle-notices';
import { subscribeCommentCreated } from './events/comment-created';
import { subscribeEmailVerificationRequested } from './events/email-verification-requested';
import { subscribeEmailVerificationRequestedSealed } from './events/email-verification-requested-sealed';
import { subscribeEmailVerifiedWelcome } from './events/email-verified';
import { subscribeEmailVerifiedProjection } from './events/email-verified-projection';
import { subscribeMessageSent } from './events/message-sent';
import { subscribeNotificationMissed } from './events/notification-missed';
import { subscribePasswordResetRequested } from './events/password-reset-requested';
import { subscribePasswordResetRequestedSealed } from './events/password-reset-requested-sealed';
import { subscribePostDeleted } from './events/post-deleted';
import { subscribePostExpired } from './events/post-expired';
import { subscribeUserBlocks } from './events/user-blocks';
import { subscribeUserDeleted } from './events/user-deleted';
import { subscribePostLiked } from './events/post-liked';
import { subscribeReactionAdded } from './events/reaction-added';
import { subscribeReactionRemoved } from './events/reaction-removed';
import { subscribeUserRegisteredProjection } from './events/user-registered-projection';
import { subscribeUserUpdated } from './events/user-updated';
import { activityMailCheckJob } from './jobs/activity-mail-check';
import { pushReleaseJob } from './jobs/push-release';
import { webPushJob } from './jobs/web-push';
import { sendEmailJob } from './jobs/send-email';
import { SCHEMA } from './schema-name';
import { pruneNotifications } from './use-cases/prune';

export type { Config } from './config';
export { configSchema };

/**
 * Notification: account mails (sent by its worker), in-app notifications of comments, likes,
 * reactions, messages, activities and circles (with a mail for messages and activity notices to people who
 * are away, and Web Push to their browsers, as each person's settings say), and feedback.
 */
export const notificationService = defineService({
  name: 'notification',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  routes: notificationRoutes,
  auth: 'platform',
  appOptions: (config) => ({ trustProxy: config.TRUST_PROXY }),
  register: registerNotification,
  consumers: [
    subscribePasswordResetRequested,
    subscribePasswordResetRequestedSealed,
    subscribeEmailVerificationRequested,
    subscribeEmailVerificationRequestedSealed,
    subscribeEmailVerifiedWelcome,
    subscribeUserRegisteredProjection,
    subscribeEmailVerifiedProjection,
    subscribeUserUpdated,
    subscribeCommentCreated,
    subscribePostLiked,
    subscribeReactionAdded,
    subscribeReactionRemoved,
    subscribeMessageSent,
    subscribePostDeleted,
    subscribePostExpired,
    subscribeUserDeleted,
    subscribeActivityRequested,
    subscribeActivityAccepted,
    subscribeActivityReminder,
    subscribeActivityDeclined,
    subscribeActivityLeft,
    subscribeActivityClosed,
    subscribeActivityRepeated,
    subscribeActivityCheckedIn,
    subscribeCircleRequested,
    subscribeCircleMemberJoined,
    subscribeCircleActivityPosted,
    subscribeCircleMentioned,
    subscribeUserBlocks,
    subscribeNotificationMissed,
  ],
  periodic: [{ name: 'notification-prune', everyMs: 60 * 60 * 1000, run: pruneNotifications }],
  workers: [
    defineWorker<Config, 'email'>({ queue: QueueName.email, concurrency: 4, handler: sendEmailJob }),
    defineWorker<Config, 'activity-mail-checks'>({
      queue: QueueName.activityMailChecks,
      concurrency: 2,
      handler: activityMailCheckJob,
    }),
    // Pushes wait on the network, not the CPU: many at once keep a burst's latency low.
    defineWorker<Config, 'web-push'>({ queue: QueueName.webPush, concurrency: 32, handler: webPushJob }),
    defineWorker<Config, 'push-releases'>({
      queue: QueueName.pushReleases,
      concurrency: 4,
      handler: pushReleaseJob,
    }),
  ],
});
