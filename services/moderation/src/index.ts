import {
  activityAcceptedV1,
  activityLeftV1,
  activityThreadMessageSentV1,
  circleCreatedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleThreadMessageSentV1,
  commentCreatedV1,
  conversationStartedV1,
  createReportRoute,
  dailyAnswerCreatedV1,
  exportModerationDataRoute,
  listAuditRoute,
  listOpenCasesRoute,
  listSuspensionsRoute,
  postCreatedV1,
  postDeletedV1,
  postExpiredV1,
  reportRejectedV1,
  takeModerationActionRoute,
  userDeletedV1,
} from '@saathi/contracts';
import { defineService, every, handle, onEvent } from '@saathi/platform';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { eraseAccount } from './use-cases/account-erasure';
import { listAuditLog, listOpenCases, takeAction } from './use-cases/admin';
import { exportMyData } from './use-cases/export';
import { createModerationCore } from './use-cases/moderation-core';
import * as owners from './use-cases/owners';
import { fileReport, withdrawReport } from './use-cases/reports';
import { applyRetentionPolicy, forgetErasedPeople } from './use-cases/retention';
import { listSuspensions } from './use-cases/suspensions';

export type { Config } from './config';
export { configSchema };

const HOUR = 60 * 60 * 1000;

/**
 * Moderation: reports, the review queue, admin actions (as events) and their audit log. This is
 * its table of contents: every way in, and the use case it runs. Access (the route's `access`),
 * validation, the inbox, retries and the event tables' upkeep are the platform's.
 */
export const moderationService = defineService({
  name: 'moderation',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  auth: 'platform',
  core: createModerationCore,
  routes: [
    // Anyone signed in.
    handle(createReportRoute, fileReport),
    handle(exportModerationDataRoute, exportMyData, { exportToken: true }),
    // Admins only (401 signed out, 403 for everyone else).
    handle(listOpenCasesRoute, listOpenCases),
    handle(listAuditRoute, listAuditLog),
    handle(takeModerationActionRoute, takeAction),
    handle(listSuspensionsRoute, listSuspensions),
  ],
  consumers: [
    // Whose each item is, and who may report a thread's or conversation's messages.
    onEvent(postCreatedV1, 'moderation.post-created', owners.recordPostAuthor),
    onEvent(commentCreatedV1, 'moderation.comment-created', owners.recordCommentAuthor),
    onEvent(dailyAnswerCreatedV1, 'moderation.daily-answer-created', owners.recordDailyAnswerAuthor),
    onEvent(conversationStartedV1, 'moderation.conversation-started', owners.recordConversation),
    onEvent(
      activityThreadMessageSentV1,
      'moderation.activity-thread-message-sent',
      owners.recordActivityThreadMessage,
    ),
    onEvent(activityAcceptedV1, 'moderation.activity-accepted', owners.joinActivityThread),
    onEvent(activityLeftV1, 'moderation.activity-left', owners.leaveActivityThread),
    onEvent(circleCreatedV1, 'moderation.circle-created', owners.recordCircleCreator),
    onEvent(
      circleThreadMessageSentV1,
      'moderation.circle-thread-message-sent',
      owners.recordCircleThreadMessage,
    ),
    onEvent(circleMemberJoinedV1, 'moderation.circle-member-joined', owners.joinCircle),
    onEvent(circleMemberLeftV1, 'moderation.circle-member-left', owners.leaveCircle),
    onEvent(postDeletedV1, 'moderation.post-deleted', owners.forgetDeletedPost),
    onEvent(postExpiredV1, 'moderation.post-expired', owners.forgetExpiredPosts),
    // Messaging turned down a report of a 1:1 message.
    onEvent(reportRejectedV1, 'moderation.report-rejected', withdrawReport),
    onEvent(userDeletedV1, 'moderation.user-deleted', eraseAccount),
  ],
  periodic: [
    every('moderation-retention', HOUR, applyRetentionPolicy),
    every('moderation-erased-people-prune', HOUR, forgetErasedPeople),
  ],
});
