import {
  acceptActivityRequestRoute,
  acceptCircleRequestRoute,
  activityAcceptedV1,
  activityCalendarRoute,
  activityClosedV1,
  activityFeedbackRoute,
  activityLeftV1,
  addCommentReactionRoute,
  addPostReactionRoute,
  botPostRoute,
  checkInRoute,
  circleActivityPostedV1,
  circleClosedV1,
  circleCreatedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleOfferRoute,
  circleRenamedV1,
  closeActivityRoute,
  closeCircleRoute,
  commentCreatedV1,
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  createCircleRoute,
  createCommentRoute,
  createDailyResponseRoute,
  createPostRoute,
  declineActivityRequestRoute,
  declineCircleRequestRoute,
  deletePostRoute,
  editCircleRoute,
  editCommentRoute,
  editPostRoute,
  exportFeedDataRoute,
  getActivityRoute,
  getCircleRoute,
  getPostPhotoRoute,
  getPostRoute,
  handOverCircleRoute,
  joinActivityRoute,
  joinCircleRoute,
  leaveActivityRoute,
  leaveCircleRoute,
  likeCommentRoute,
  likePostRoute,
  listCircleActivitiesRoute,
  listCircleMembersRoute,
  listCircleRequestsRoute,
  listCirclesNearRoute,
  listCommentsRoute,
  listDailyResponsesRoute,
  listMyCirclesRoute,
  listOrganisedCirclesRoute,
  listPostsRoute,
  pastActivitiesRoute,
  photoRemovedV1,
  postCreatedV1,
  postDeletedV1,
  postEditedV1,
  postExpiredV1,
  postLikedV1,
  profileStatsRoute,
  QueueName,
  reactionAddedV1,
  reactionRemovedV1,
  reinviteCircleMemberRoute,
  removeCircleMemberRoute,
  removeCommentReactionRoute,
  removePostReactionRoute,
  reportDismissedV1,
  reportFiledV1,
  reviewCircleRoute,
  reviewCommentRoute,
  reviewDailyAnswerRoute,
  reviewPostPhotoRoute,
  reviewPostRoute,
  seedActivityRoute,
  setCircleRoleRoute,
  stillGoingRoute,
  stopRepeatingRoute,
  uploadPostPhotoRoute,
  userBlockedV1,
  userDeletedV1,
  userRegisteredV1,
  userReinstatedV1,
  userSuspendedV1,
  userUnblockedV1,
  userUpdatedV1,
} from '@saathi/contracts';
import {
  defineService,
  every,
  handle,
  handlePublic,
  handleRaw,
  onJob,
  onBroadcast,
  onEvent,
} from '@saathi/platform';
import { configSchema } from './config';
import { SCHEMA } from './db/schema-name';
import { activityRemindersJob } from './jobs/activity-reminders';
import { activityRepeatsJob } from './jobs/activity-repeats';
import { botSeedingJob } from './jobs/bot-seeding';
import { postExpiryJob } from './jobs/post-expiry';
import {
  sendCalendarFile,
  sendCirclesNear,
  sendFeed,
  sendPhoto,
  sendPhotoForReview,
  sendUploadedPhoto,
} from './replies';
import {
  acceptActivityRequest,
  answerStillGoing,
  closeActivity,
  declineActivityRequest,
  getActivity,
  joinActivity,
  leaveActivity,
} from './use-cases/activities';
import { checkIn, giveActivityFeedback, pastActivities, stopRepeating } from './use-cases/activity-follow-up';
import { createBotPost, requestActivitySeeding } from './use-cases/admin';
import { reviewCircle, reviewComment, reviewDailyAnswer, reviewPost } from './use-cases/admin-review';
import { circleOffer, listCircleActivities } from './use-cases/circle-activities';
import {
  acceptCircleRequest,
  declineCircleRequest,
  joinCircle,
  leaveCircle,
  listCircleMembers,
  listCircleRequests,
  reinviteCircleMember,
  removeCircleMember,
  setCircleRole,
} from './use-cases/circle-membership';
import {
  closeCircle,
  createCircle,
  editCircle,
  getCircle,
  handOverCircle,
  listMyCircles,
  listOrganisedCircles,
} from './use-cases/circles';
import { createComment, likeComment, listComments } from './use-cases/comments';
import { answerDailyQuestion, listDailyResponses } from './use-cases/daily-question';
import { editComment, editPost } from './use-cases/edits';
import { exportMyData } from './use-cases/export';
import { createFeedCore } from './use-cases/feed-core';
import { createPost, deletePost, getPost, likePost } from './use-cases/posts';
import { profileStats } from './use-cases/profile-stats';
import { reactToComment, reactToPost, unreactToComment, unreactToPost } from './use-cases/reactions';
import { eraseAccount, forgetErasedPeople } from './use-cases/account-erasure';
import { recordRegisteredAccount, recordUpdatedAccount } from './use-cases/authors';
import { recordBlock, recordUnblock } from './use-cases/blocks';
import * as caches from './use-cases/cache-invalidation';
import * as safety from './use-cases/safety';
import { scheduleSweeps } from './use-cases/schedules';

export type { Config } from './config';
export { configSchema };

const HOUR = 60 * 60 * 1000;

/**
 * Feed: posts within 1 km, comments, likes, reactions, the daily question, activities, circles and
 * the bot tools. This is its table of contents: every way in, and the use case it runs. Access
 * (the route's `access`), validation, the inbox, retries and the event tables' upkeep are the
 * platform's; the caches are the core's (use-cases/feed-core.ts).
 */
export const feedService = defineService({
  name: 'feed',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  auth: 'platform',
  // Built once per process; its caches live as long as it (the worker builds its own, without).
  core: (kit) => createFeedCore(kit, { cache: true }),
  // The worker's repeating sweeps, booked once at start (the job ids name them).
  onStart: (core, kit) =>
    scheduleSweeps(core, {
      postExpiryMs: kit.config.POST_EXPIRY_EVERY_MS,
      activitiesMs: kit.config.ACTIVITY_REMINDER_EVERY_MS,
    }),
  routes: [
    // Posts: the feed (its hottest read, raw: a JSON string), one post, writing, likes, deleting.
    handleRaw(listPostsRoute, sendFeed),
    handlePublic(getPostRoute, getPost),
    handle(createPostRoute, createPost),
    handle(likePostRoute, likePost),
    handle(deletePostRoute, deletePost),
    // Photos: uploads and bytes are raw (the reply is the file).
    handleRaw(uploadPostPhotoRoute, sendUploadedPhoto),
    handleRaw(getPostPhotoRoute, sendPhoto),
    // Comments, edits and reactions.
    handlePublic(listCommentsRoute, listComments),
    handle(createCommentRoute, createComment),
    handle(likeCommentRoute, likeComment),
    handle(editPostRoute, editPost),
    handle(editCommentRoute, editComment),
    handle(addPostReactionRoute, reactToPost),
    handle(removePostReactionRoute, unreactToPost),
    handle(addCommentReactionRoute, reactToComment),
    handle(removeCommentReactionRoute, unreactToComment),
    // The daily question and the profile counts.
    handlePublic(listDailyResponsesRoute, listDailyResponses),
    handle(createDailyResponseRoute, answerDailyQuestion),
    handle(profileStatsRoute, profileStats),
    // Activities: joining, the host's decisions, the calendar file (raw), then the follow-up.
    handle(getActivityRoute, getActivity),
    handle(joinActivityRoute, joinActivity),
    handle(leaveActivityRoute, leaveActivity),
    handle(acceptActivityRequestRoute, acceptActivityRequest),
    handle(declineActivityRequestRoute, declineActivityRequest),
    handle(closeActivityRoute, closeActivity),
    handle(stillGoingRoute, answerStillGoing),
    handleRaw(activityCalendarRoute, sendCalendarFile),
    handle(checkInRoute, checkIn),
    handle(stopRepeatingRoute, stopRepeating),
    handle(pastActivitiesRoute, pastActivities),
    handle(activityFeedbackRoute, giveActivityFeedback),
    // Circles (docs/circles.md): the list is raw like the feed's.
    handleRaw(listCirclesNearRoute, sendCirclesNear),
    handle(listMyCirclesRoute, listMyCircles),
    handle(createCircleRoute, createCircle),
    handlePublic(getCircleRoute, getCircle),
    handle(editCircleRoute, editCircle),
    handle(joinCircleRoute, joinCircle),
    handle(leaveCircleRoute, leaveCircle),
    handle(listCircleMembersRoute, listCircleMembers),
    handle(listCircleRequestsRoute, listCircleRequests),
    handle(acceptCircleRequestRoute, acceptCircleRequest),
    handle(declineCircleRequestRoute, declineCircleRequest),
    handle(removeCircleMemberRoute, removeCircleMember),
    handle(reinviteCircleMemberRoute, reinviteCircleMember),
    handle(setCircleRoleRoute, setCircleRole),
    handle(handOverCircleRoute, handOverCircle),
    handle(closeCircleRoute, closeCircle),
    handlePublic(listCircleActivitiesRoute, listCircleActivities),
    handle(circleOfferRoute, circleOffer),
    handle(listOrganisedCirclesRoute, listOrganisedCircles),
    // "Download my data" (identity's export token accepted).
    handle(exportFeedDataRoute, exportMyData, { exportToken: true }),
    // Admins only (401 signed out, 403 for everyone else): the bot tools and the review of reports.
    handle(seedActivityRoute, requestActivitySeeding),
    handle(botPostRoute, createBotPost),
    handle(reviewPostRoute, reviewPost),
    handleRaw(reviewPostPhotoRoute, sendPhotoForReview),
    handle(reviewCommentRoute, reviewComment),
    handle(reviewDailyAnswerRoute, reviewDailyAnswer),
    handle(reviewCircleRoute, reviewCircle),
  ],
  consumers: [
    // identity: erasure, the authors projection, blocks.
    onEvent(userDeletedV1, 'feed.user-deleted', eraseAccount),
    onEvent(userRegisteredV1, 'feed.authors-registered', recordRegisteredAccount),
    onEvent(userUpdatedV1, 'feed.authors-updated', recordUpdatedAccount),
    onEvent(userBlockedV1, 'feed.user-blocked', recordBlock),
    onEvent(userUnblockedV1, 'feed.user-unblocked', recordUnblock),
    // moderation: reports, decisions on content, suspensions.
    onEvent(reportFiledV1, 'feed.report-filed', safety.hideFromReporter),
    onEvent(contentHiddenV1, 'feed.content-hidden', safety.hideModerated),
    onEvent(contentRemovedV1, 'feed.content-removed', safety.removeModerated),
    onEvent(reportDismissedV1, 'feed.report-dismissed', safety.showAgain),
    onEvent(contentUnhiddenV1, 'feed.content-unhidden', safety.showAgain),
    onEvent(photoRemovedV1, 'feed.photo-removed', safety.removePhoto),
    onEvent(userSuspendedV1, 'feed.user-suspended', safety.hideSuspendedAuthor),
    onEvent(userReinstatedV1, 'feed.user-reinstated', safety.showReinstatedAuthor),
  ],
  // Every replica clears what it has cached of a change (use-cases/cache-invalidation.ts).
  broadcasts: [
    onBroadcast(postCreatedV1, caches.forgetCellsOfNewPost),
    onBroadcast(postDeletedV1, caches.forgetPost),
    onBroadcast(postEditedV1, caches.forgetPost),
    onBroadcast(postLikedV1, caches.forgetPost),
    onBroadcast(commentCreatedV1, caches.forgetPost),
    onBroadcast(activityAcceptedV1, caches.forgetPost),
    onBroadcast(activityLeftV1, caches.forgetPost),
    onBroadcast(activityClosedV1, caches.forgetPost),
    onBroadcast(postExpiredV1, caches.forgetExpiredPosts),
    onBroadcast(reactionAddedV1, caches.forgetReactedPost),
    onBroadcast(reactionRemovedV1, caches.forgetReactedPost),
    onBroadcast(userUpdatedV1, caches.forgetEveryPost),
    onBroadcast(userDeletedV1, caches.forgetEveryPost),
    onBroadcast(contentHiddenV1, caches.forgetModerated),
    onBroadcast(contentRemovedV1, caches.forgetModerated),
    onBroadcast(reportDismissedV1, caches.forgetModerated),
    onBroadcast(contentUnhiddenV1, caches.forgetUnhiddenCircle),
    onBroadcast(photoRemovedV1, caches.forgetPostOfRemovedPhoto),
    onBroadcast(userSuspendedV1, caches.forgetEveryPostAgain),
    onBroadcast(userReinstatedV1, caches.forgetEveryPostAgain),
    onBroadcast(circleCreatedV1, caches.forgetCircleCell),
    onBroadcast(circleRenamedV1, caches.forgetRenamedCircle),
    onBroadcast(circleMemberJoinedV1, caches.forgetCircleCell),
    onBroadcast(circleMemberLeftV1, caches.forgetCircleCell),
    onBroadcast(circleClosedV1, caches.forgetCircleCell),
    onBroadcast(circleActivityPostedV1, caches.forgetCircleCell),
    onBroadcast(userBlockedV1, caches.forgetPairExclusions),
    onBroadcast(userUnblockedV1, caches.forgetPairExclusions),
    onBroadcast(reportFiledV1, caches.forgetReporterExclusions),
  ],
  periodic: [every('feed-erased-people-prune', HOUR, forgetErasedPeople)],
  // The feed worker process (worker.ts): the sweeps and the bot seeding, on a core without caches.
  worker: {
    core: (kit) => createFeedCore(kit, { cache: false }),
    jobs: [
      onJob(QueueName.postExpiry, postExpiryJob),
      onJob(QueueName.botSeeding, botSeedingJob),
      onJob(QueueName.activityReminders, activityRemindersJob),
      onJob(QueueName.activityRepeats, activityRepeatsJob),
    ],
  },
});
