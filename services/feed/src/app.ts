import { QueueName } from '@saathi/contracts';
import type { App, ServiceKit } from '@saathi/platform';
import type { Config } from './config';
import {
  forgetExclusionsOnEvents,
  invalidateCacheOnEvents,
  invalidateCircleCellsOnEvents,
} from './events/cache-invalidation';
import { exportRoutes } from './routes/export';
import { adminReviewRoutes } from './routes/admin-review';
import { activityRoutes } from './routes/activities';
import { activityFollowUpRoutes } from './routes/activities/follow-up';
import { circleRoutes } from './routes/circles';
import { adminRoutes } from './routes/admin';
import { commentRoutes } from './routes/comments';
import { dailyQuestionRoutes } from './routes/daily-question';
import { editRoutes } from './routes/edits';
import { photoRoutes } from './routes/photos';
import { postRoutes } from './routes/posts';
import { profileStatsRoutes } from './routes/profile-stats';
import { reactionRoutes } from './routes/reactions';
import {
  acceptActivityRequest,
  activityCalendarFile,
  answerStillGoing,
  closeActivity,
  declineActivityRequest,
  getActivity,
  joinActivity,
  leaveActivity,
} from './use-cases/activities';
import { checkIn, stopRepeating } from './use-cases/activity-check-in';
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
  listCirclesNear,
  listMyCircles,
  listOrganisedCircles,
} from './use-cases/circles';
import { giveActivityFeedback, pastActivities } from './use-cases/activity-feedback';
import { createBotPost, requestActivitySeeding } from './use-cases/bots';
import { createComment, likeComment, listComments } from './use-cases/comments';
import { createPost } from './use-cases/create-post';
import { uploadPostPhoto } from './use-cases/upload-post-photo';
import { answerDailyQuestion, listDailyResponses } from './use-cases/daily-question';
import { editComment, editPost } from './use-cases/edit-content';
import { createFeedCore } from './use-cases/feed-core';
import { listFeed } from './use-cases/list-feed';
import { deletePost, getPost, likePost } from './use-cases/post-actions';
import { profileStats } from './use-cases/profile-stats';
import { changeReaction } from './use-cases/reactions';
import { writeLimiter } from './use-cases/write-limits';

/**
 * Wires the feed: builds its core once, binds each use case to it, hands every route plugin
 * only the functions it calls, and schedules the post-expiry job.
 */
export async function registerFeed(app: App, kit: ServiceKit<Config>): Promise<void> {
  const core = createFeedCore(kit, { cache: true });
  const limit = writeLimiter(core.rateLimiter, kit.clock, core.writesPerHour);
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

  postRoutes(app, {
    listFeed: (viewer, query) => listFeed(core, viewer, query),
    getPost: (viewer, postId, point) => getPost(core, viewer, postId, point),
    createPost: async (user, body, meta) => {
      await limit('posts', user.id);
      return createPost(core, user, body, meta);
    },
    likePost: (user, postId, meta) => likePost(core, user, postId, meta),
    deletePost: (user, postId, meta) => deletePost(core, user, postId, meta),
  });
  photoRoutes(app, {
    uploadPostPhoto: (user, imageData) =>
      uploadPostPhoto({ ...core, quota: kit.config.POST_PHOTOS_PER_DAY }, user, imageData),
    findShownPhoto: (id, size) => core.photos.findShown(id, size, kit.clock.now()),
  });
  commentRoutes(app, {
    listComments: (viewer, postId) => listComments(core, viewer, postId),
    createComment: async (user, body, meta) => {
      await limit('comments', user.id);
      return createComment(core, user, body, meta);
    },
    likeComment: (user, commentId, meta) => likeComment(core, user, commentId, meta),
  });
  // An edit counts against the same hourly limits as a new post or comment.
  const editDeps = core;
  editRoutes(app, {
    editPost: async (user, postId, body, meta) => {
      await limit('posts', user.id);
      return editPost(editDeps, user, postId, body, meta);
    },
    editComment: async (user, commentId, body, meta) => {
      await limit('comments', user.id);
      return editComment(editDeps, user, commentId, body, meta);
    },
  });
  reactionRoutes(app, {
    changeReaction: (user, target, emoji, change, meta) =>
      changeReaction(core, user, target, emoji, change, meta),
  });
  dailyQuestionRoutes(app, {
    listDailyResponses: (viewer) => listDailyResponses(core, viewer),
    answerDailyQuestion: (user, body, meta) => answerDailyQuestion(core, user, body, meta),
  });
  adminRoutes(app, {
    requestActivitySeeding: (place) => requestActivitySeeding(core, place),
    createBotPost: (place, meta) => createBotPost(core, place, meta),
  });
  profileStatsRoutes(app, { profileStats: (userId) => profileStats(core, userId) });
  circleRoutes(app, {
    listNear: (viewer, query) => listCirclesNear(core, viewer, query),
    listMine: (user) => listMyCircles(core, user),
    // A circle is written like a post: the same hourly limit.
    create: async (user, body, meta) => {
      await limit('posts', user.id);
      return createCircle(core, user, body, meta);
    },
    get: (viewer, circleId, point) => getCircle(core, viewer, circleId, point),
    edit: (user, circleId, body, meta) => editCircle(core, user, circleId, body, meta),
    join: async (user, circleId, note, meta) => {
      await limit('activityJoins', user.id);
      return joinCircle(core, user, circleId, note, meta);
    },
    leave: (user, circleId, meta) => leaveCircle(core, user, circleId, meta),
    members: (user, circleId) => listCircleMembers(core, user, circleId),
    requests: (user, circleId) => listCircleRequests(core, user, circleId),
    accept: (user, circleId, userId, meta) => acceptCircleRequest(core, user, circleId, userId, meta),
    decline: (user, circleId, userId, meta) => declineCircleRequest(core, user, circleId, userId, meta),
    remove: (user, circleId, userId, meta) => removeCircleMember(core, user, circleId, userId, meta),
    reinvite: (user, circleId, userId, meta) => reinviteCircleMember(core, user, circleId, userId, meta),
    setRole: (user, circleId, userId, role, meta) => setCircleRole(core, user, circleId, userId, role, meta),
    handOver: (user, circleId, toUserId, meta) => handOverCircle(core, user, circleId, toUserId, meta),
    close: (user, circleId, meta) => closeCircle(core, user, circleId, meta),
    activities: (viewer, circleId, point) => listCircleActivities(core, viewer, circleId, point),
    offer: (user, postId) => circleOffer(core, user, postId),
    organisedBy: (viewer, userId) => listOrganisedCircles(core, viewer, userId),
  });
  exportRoutes(app, { db: kit.db.db, publicKey: kit.config.JWT_PUBLIC_KEY });
  adminReviewRoutes(app, { db: kit.db.db, edits: core.edits, photos: core.photos });
  activityRoutes(app, {
    getActivity: (user, postId) => getActivity(core, user, postId),
    joinActivity: async (user, postId, note, meta) => {
      await limit('activityJoins', user.id);
      return joinActivity(core, user, postId, note, meta);
    },
    leaveActivity: (user, postId, meta) => leaveActivity(core, user, postId, meta),
    acceptRequest: (host, postId, userId, meta) => acceptActivityRequest(core, host, postId, userId, meta),
    declineRequest: (host, postId, userId, meta) => declineActivityRequest(core, host, postId, userId, meta),
    closeActivity: (host, postId, meta) => closeActivity(core, host, postId, meta),
    calendarFile: (user, postId) => activityCalendarFile(core, user, postId, kit.config.PUBLIC_ORIGIN),
    stillGoing: (user, postId, going, meta) => answerStillGoing(core, user, postId, going, meta),
  });
  activityFollowUpRoutes(app, {
    checkIn: (user, postId, code, meta) => checkIn(core, user, postId, code, meta),
    stopRepeating: (host, postId, meta) => stopRepeating(core, host, postId, meta),
    pastActivities: (user) => pastActivities(core, user),
    giveFeedback: (user, postId, subjectId, verdict, meta) =>
      giveActivityFeedback(core, user, postId, subjectId, verdict, meta),
  });
}
