import {
  acceptActivityRequestRoute,
  acceptCircleRequestRoute,
  activityCalendarRoute,
  activityFeedbackRoute,
  addCommentReactionRoute,
  addPostReactionRoute,
  botPostRoute,
  checkInRoute,
  circleOfferRoute,
  closeActivityRoute,
  closeCircleRoute,
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
  profileStatsRoute,
  QueueName,
  reinviteCircleMemberRoute,
  removeCircleMemberRoute,
  removeCommentReactionRoute,
  removePostReactionRoute,
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
} from '@saathi/contracts';
import { acceptExportTokens, handle, handlePublic, handleRaw } from '@saathi/platform';
import type { App, RouteEntry, ServiceKit } from '@saathi/platform';
import type { Config } from './config';
import {
  forgetExclusionsOnEvents,
  invalidateCacheOnEvents,
  invalidateCircleCellsOnEvents,
} from './events/cache-invalidation';
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
import type { FeedCore } from './use-cases/feed-core';
import { createPost, deletePost, getPost, likePost } from './use-cases/posts';
import { profileStats } from './use-cases/profile-stats';
import { reactToComment, reactToPost, unreactToComment, unreactToPost } from './use-cases/reactions';

/** Every route of the feed, each bound to its use case (moving to index.ts with the consumers). */
export const feedRouteEntries: readonly RouteEntry<FeedCore>[] = [
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
];

/**
 * Wires the feed: builds its core once, binds each route's use case to it, and schedules the
 * post-expiry job.
 */
export async function registerFeed(app: App, kit: ServiceKit<Config>): Promise<void> {
  const core = createFeedCore(kit, { cache: true });
  if (core.cache) await invalidateCacheOnEvents(kit.bus, core.cache);
  if (core.exclusions) await forgetExclusionsOnEvents(kit.bus, core.exclusions);
  if (core.circleCells)
    await invalidateCircleCellsOnEvents(kit.bus, core.circleCells, (id) => core.circles.cellOf(id));
  // One schedule however many replicas start: the job id names it.
  await kit.queue.add(
    QueueName.postExpiry,
    {},
    { jobId: 'post-expiry', repeatEveryMs: kit.config.POST_EXPIRY_EVERY_MS },
  );
  await kit.queue.add(
    QueueName.activityReminders,
    {},
    { jobId: 'activity-reminders', repeatEveryMs: kit.config.ACTIVITY_REMINDER_EVERY_MS },
  );
  // Weekly series are looked at as often as reminders: a next occurrence follows its end within that.
  await kit.queue.add(
    QueueName.activityRepeats,
    {},
    { jobId: 'activity-repeats', repeatEveryMs: kit.config.ACTIVITY_REMINDER_EVERY_MS },
  );

  const [exportParts, routes] = [
    feedRouteEntries.filter((entry) => entry.options.exportToken),
    feedRouteEntries.filter((entry) => !entry.options.exportToken),
  ];
  for (const entry of routes) entry.bind(app, core);
  // The export job (identity) asks on the person's behalf with its short-lived token.
  acceptExportTokens(app, kit.config.JWT_PUBLIC_KEY, (scope) => {
    for (const entry of exportParts) entry.bind(scope, core);
  });
}
