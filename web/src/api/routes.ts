// The routes the web app calls, without their zod schemas (see route-ref.ts). Each entry is typed
// by the contract's descriptor of the same name; routes.test.ts checks method, path and kind
// against it, so add a route here (never import one from @saathi/contracts) when the web needs it.
import type * as contracts from '@saathi/contracts';
import { routeRef } from './route-ref';

export const acceptActivityRequestRoute = routeRef<typeof contracts.acceptActivityRequestRoute>(
  'POST',
  '/api/posts/:id/activity/requests/:userId/accept',
);
export const acceptMessageRequestRoute = routeRef<typeof contracts.acceptMessageRequestRoute>(
  'POST',
  '/api/conversations/:id/accept',
);
export const activityFeedbackRoute = routeRef<typeof contracts.activityFeedbackRoute>(
  'POST',
  '/api/activities/:id/feedback',
);
export const addCommentReactionRoute = routeRef<typeof contracts.addCommentReactionRoute>(
  'POST',
  '/api/comments/:id/reactions',
);
export const addPostReactionRoute = routeRef<typeof contracts.addPostReactionRoute>(
  'POST',
  '/api/posts/:id/reactions',
);
export const blockUserRoute = routeRef<typeof contracts.blockUserRoute>('POST', '/api/users/:userId/block');
export const botPostRoute = routeRef<typeof contracts.botPostRoute>('POST', '/api/admin/bot-post');
export const checkInRoute = routeRef<typeof contracts.checkInRoute>(
  'POST',
  '/api/posts/:id/activity/check-in',
);
export const closeActivityRoute = routeRef<typeof contracts.closeActivityRoute>(
  'POST',
  '/api/posts/:id/activity/close',
);
export const createCommentRoute = routeRef<typeof contracts.createCommentRoute>('POST', '/api/comments');
export const createDailyResponseRoute = routeRef<typeof contracts.createDailyResponseRoute>(
  'POST',
  '/api/daily-question/responses',
);
export const createFeedbackRoute = routeRef<typeof contracts.createFeedbackRoute>('POST', '/api/feedback');
export const createPostRoute = routeRef<typeof contracts.createPostRoute>('POST', '/api/posts');
export const createProfileRoute = routeRef<typeof contracts.createProfileRoute>('POST', '/api/profile');
export const createReportRoute = routeRef<typeof contracts.createReportRoute>(
  'POST',
  '/api/moderation/reports',
);
export const declineActivityRequestRoute = routeRef<typeof contracts.declineActivityRequestRoute>(
  'POST',
  '/api/posts/:id/activity/requests/:userId/decline',
);
export const declineMessageRequestRoute = routeRef<typeof contracts.declineMessageRequestRoute>(
  'POST',
  '/api/conversations/:id/decline',
);
export const deleteAccountRoute = routeRef<typeof contracts.deleteAccountRoute>(
  'POST',
  '/api/auth/delete-account',
);
export const deletePostRoute = routeRef<typeof contracts.deletePostRoute>('DELETE', '/api/posts/:id');
export const editCommentRoute = routeRef<typeof contracts.editCommentRoute>('PATCH', '/api/comments/:id');
export const editPostRoute = routeRef<typeof contracts.editPostRoute>('PATCH', '/api/posts/:id');
export const currentDataExportRoute = routeRef<typeof contracts.currentDataExportRoute>(
  'GET',
  '/api/export/requests',
);
export const downloadDataExportRoute = routeRef<typeof contracts.downloadDataExportRoute>(
  'GET',
  '/api/export/requests/:id/download',
  'document',
);
export const requestDataExportRoute = routeRef<typeof contracts.requestDataExportRoute>(
  'POST',
  '/api/export/requests',
);
export const forgotPasswordRoute = routeRef<typeof contracts.forgotPasswordRoute>(
  'POST',
  '/api/auth/forgot-password',
);
export const getActivityRoute = routeRef<typeof contracts.getActivityRoute>('GET', '/api/posts/:id/activity');
export const getBlogPostRoute = routeRef<typeof contracts.getBlogPostRoute>('GET', '/api/blog/posts/:slug');
export const getCurrentUserRoute = routeRef<typeof contracts.getCurrentUserRoute>('GET', '/api/auth/user');
export const getPostRoute = routeRef<typeof contracts.getPostRoute>('GET', '/api/posts/:id');
export const getProfileRoute = routeRef<typeof contracts.getProfileRoute>('GET', '/api/profile/:userId');
export const getPublicUserRoute = routeRef<typeof contracts.getPublicUserRoute>('GET', '/api/users/:userId');
export const getSessionRoute = routeRef<typeof contracts.getSessionRoute>('GET', '/api/auth/session');
export const googleStartRoute = routeRef<typeof contracts.googleStartRoute>(
  'GET',
  '/api/auth/google',
  'document',
);
export const joinActivityRoute = routeRef<typeof contracts.joinActivityRoute>(
  'POST',
  '/api/posts/:id/activity/join',
);
export const leaveActivityRoute = routeRef<typeof contracts.leaveActivityRoute>(
  'POST',
  '/api/posts/:id/activity/leave',
);
export const likeCommentRoute = routeRef<typeof contracts.likeCommentRoute>('POST', '/api/comments/:id/like');
export const likePostRoute = routeRef<typeof contracts.likePostRoute>('POST', '/api/posts/:id/like');
export const listActivityThreadMessagesRoute = routeRef<typeof contracts.listActivityThreadMessagesRoute>(
  'GET',
  '/api/activity-threads/:postId/messages',
);
export const listActivityThreadsRoute = routeRef<typeof contracts.listActivityThreadsRoute>(
  'GET',
  '/api/activity-threads',
);
export const listAuditRoute = routeRef<typeof contracts.listAuditRoute>('GET', '/api/moderation/admin/audit');
export const listBlockedUsersRoute = routeRef<typeof contracts.listBlockedUsersRoute>('GET', '/api/blocks');
export const listBlogPostsRoute = routeRef<typeof contracts.listBlogPostsRoute>('GET', '/api/blog/posts');
export const listCommentsRoute = routeRef<typeof contracts.listCommentsRoute>(
  'GET',
  '/api/posts/:postId/comments',
);
export const listConversationsRoute = routeRef<typeof contracts.listConversationsRoute>(
  'GET',
  '/api/conversations',
);
export const listDailyResponsesRoute = routeRef<typeof contracts.listDailyResponsesRoute>(
  'GET',
  '/api/daily-question/responses',
);
export const listFeaturedBlogPostsRoute = routeRef<typeof contracts.listFeaturedBlogPostsRoute>(
  'GET',
  '/api/blog/posts/featured',
);
export const listMessagesRoute = routeRef<typeof contracts.listMessagesRoute>(
  'GET',
  '/api/conversations/:id/messages',
);
export const listNotificationsRoute = routeRef<typeof contracts.listNotificationsRoute>(
  'GET',
  '/api/notifications',
);
export const listOpenCasesRoute = routeRef<typeof contracts.listOpenCasesRoute>(
  'GET',
  '/api/moderation/admin/cases',
);
export const listPageViewsRoute = routeRef<typeof contracts.listPageViewsRoute>(
  'GET',
  '/api/admin/page-views',
);
export const listPostsRoute = routeRef<typeof contracts.listPostsRoute>('GET', '/api/posts');
export const listSuspensionsRoute = routeRef<typeof contracts.listSuspensionsRoute>(
  'GET',
  '/api/moderation/admin/suspensions',
);
export const loginRedirectRoute = routeRef<typeof contracts.loginRedirectRoute>(
  'GET',
  '/api/login',
  'document',
);
export const loginRoute = routeRef<typeof contracts.loginRoute>('POST', '/api/auth/login');
export const logoutRoute = routeRef<typeof contracts.logoutRoute>('POST', '/api/auth/logout');
export const markAllNotificationsReadRoute = routeRef<typeof contracts.markAllNotificationsReadRoute>(
  'POST',
  '/api/notifications/read-all',
);
export const markConversationReadRoute = routeRef<typeof contracts.markConversationReadRoute>(
  'POST',
  '/api/conversations/:id/read',
);
export const markNotificationReadRoute = routeRef<typeof contracts.markNotificationReadRoute>(
  'POST',
  '/api/notifications/:id/read',
);
export const pastActivitiesRoute = routeRef<typeof contracts.pastActivitiesRoute>(
  'GET',
  '/api/activities/past',
);
export const peopleMetRoute = routeRef<typeof contracts.peopleMetRoute>('GET', '/api/people-met/:userId');
export const profileStatsRoute = routeRef<typeof contracts.profileStatsRoute>(
  'GET',
  '/api/profile-stats/:userId',
);
export const registerRoute = routeRef<typeof contracts.registerRoute>('POST', '/api/auth/register');
export const removeCommentReactionRoute = routeRef<typeof contracts.removeCommentReactionRoute>(
  'DELETE',
  '/api/comments/:id/reactions',
);
export const removePostReactionRoute = routeRef<typeof contracts.removePostReactionRoute>(
  'DELETE',
  '/api/posts/:id/reactions',
);
export const reviewCommentRoute = routeRef<typeof contracts.reviewCommentRoute>(
  'GET',
  '/api/admin/review/comments/:id',
);
export const reviewDailyAnswerRoute = routeRef<typeof contracts.reviewDailyAnswerRoute>(
  'GET',
  '/api/admin/review/daily-answers/:id',
);
export const reviewCircleRoute = routeRef<typeof contracts.reviewCircleRoute>(
  'GET',
  '/api/admin/review/circles/:id',
);
export const reviewMessageRoute = routeRef<typeof contracts.reviewMessageRoute>(
  'GET',
  '/api/admin/review/messages/:id',
);
export const reviewPersonRoute = routeRef<typeof contracts.reviewPersonRoute>(
  'GET',
  '/api/admin/review/people/:id',
);
export const reviewPostRoute = routeRef<typeof contracts.reviewPostRoute>(
  'GET',
  '/api/admin/review/posts/:id',
);
export const resendVerificationEmailRoute = routeRef<typeof contracts.resendVerificationEmailRoute>(
  'POST',
  '/api/auth/resend-verification-email',
);
export const resetPasswordRoute = routeRef<typeof contracts.resetPasswordRoute>(
  'POST',
  '/api/auth/reset-password',
);
export const seedActivityRoute = routeRef<typeof contracts.seedActivityRoute>(
  'POST',
  '/api/admin/seed-activity',
);
export const sendActivityThreadMessageRoute = routeRef<typeof contracts.sendActivityThreadMessageRoute>(
  'POST',
  '/api/activity-threads/:postId/messages',
);
export const sendMessageRoute = routeRef<typeof contracts.sendMessageRoute>('POST', '/api/messages');
export const startConversationRoute = routeRef<typeof contracts.startConversationRoute>(
  'POST',
  '/api/conversations',
);
export const stillGoingRoute = routeRef<typeof contracts.stillGoingRoute>(
  'POST',
  '/api/posts/:id/activity/still-going',
);
export const stopRepeatingRoute = routeRef<typeof contracts.stopRepeatingRoute>(
  'POST',
  '/api/posts/:id/activity/stop-repeating',
);
export const takeModerationActionRoute = routeRef<typeof contracts.takeModerationActionRoute>(
  'POST',
  '/api/moderation/admin/actions',
);
export const unblockUserRoute = routeRef<typeof contracts.unblockUserRoute>(
  'DELETE',
  '/api/users/:userId/block',
);
export const unreadMessagesRoute = routeRef<typeof contracts.unreadMessagesRoute>(
  'GET',
  '/api/messages/unread-count',
);
export const updateProfileRoute = routeRef<typeof contracts.updateProfileRoute>(
  'PUT',
  '/api/profile/:userId',
);
export const uploadPostPhotoRoute = routeRef<typeof contracts.uploadPostPhotoRoute>(
  'POST',
  '/api/post-photos',
);
export const uploadProfileImageRoute = routeRef<typeof contracts.uploadProfileImageRoute>(
  'POST',
  '/api/upload/profile-image',
);
export const validateResetTokenRoute = routeRef<typeof contracts.validateResetTokenRoute>(
  'GET',
  '/api/auth/validate-reset-token/:token',
);
export const verifyEmailRoute = routeRef<typeof contracts.verifyEmailRoute>('POST', '/api/auth/verify-email');
export const getPushKeyRoute = routeRef<typeof contracts.getPushKeyRoute>('GET', '/api/push/key');
export const savePushSubscriptionRoute = routeRef<typeof contracts.savePushSubscriptionRoute>(
  'POST',
  '/api/push/subscriptions',
);
export const deletePushSubscriptionRoute = routeRef<typeof contracts.deletePushSubscriptionRoute>(
  'POST',
  '/api/push/unsubscribe',
);
export const getNoticeSettingsRoute = routeRef<typeof contracts.getNoticeSettingsRoute>(
  'GET',
  '/api/notification-settings',
);
export const saveNoticeSettingsRoute = routeRef<typeof contracts.saveNoticeSettingsRoute>(
  'PUT',
  '/api/notification-settings',
);
export const getMessageSettingsRoute = routeRef<typeof contracts.getMessageSettingsRoute>(
  'GET',
  '/api/message-settings',
);
export const putMessageSettingsRoute = routeRef<typeof contracts.putMessageSettingsRoute>(
  'PUT',
  '/api/message-settings',
);
export const listMutesRoute = routeRef<typeof contracts.listMutesRoute>('GET', '/api/mutes');
export const muteRoute = routeRef<typeof contracts.muteRoute>('PUT', '/api/mutes');
export const unmuteRoute = routeRef<typeof contracts.unmuteRoute>('DELETE', '/api/mutes/:kind/:id');

// Circles (feed) and their threads (messaging).
export const listCirclesNearRoute = routeRef<typeof contracts.listCirclesNearRoute>('GET', '/api/circles');
export const listMyCirclesRoute = routeRef<typeof contracts.listMyCirclesRoute>('GET', '/api/circles/mine');
export const createCircleRoute = routeRef<typeof contracts.createCircleRoute>('POST', '/api/circles');
export const getCircleRoute = routeRef<typeof contracts.getCircleRoute>('GET', '/api/circles/:id');
export const editCircleRoute = routeRef<typeof contracts.editCircleRoute>('PATCH', '/api/circles/:id');
export const joinCircleRoute = routeRef<typeof contracts.joinCircleRoute>('POST', '/api/circles/:id/join');
export const leaveCircleRoute = routeRef<typeof contracts.leaveCircleRoute>(
  'DELETE',
  '/api/circles/:id/membership',
);
export const listCircleMembersRoute = routeRef<typeof contracts.listCircleMembersRoute>(
  'GET',
  '/api/circles/:id/members',
);
export const listCircleRequestsRoute = routeRef<typeof contracts.listCircleRequestsRoute>(
  'GET',
  '/api/circles/:id/requests',
);
export const acceptCircleRequestRoute = routeRef<typeof contracts.acceptCircleRequestRoute>(
  'POST',
  '/api/circles/:id/requests/:userId/accept',
);
export const declineCircleRequestRoute = routeRef<typeof contracts.declineCircleRequestRoute>(
  'POST',
  '/api/circles/:id/requests/:userId/decline',
);
export const removeCircleMemberRoute = routeRef<typeof contracts.removeCircleMemberRoute>(
  'DELETE',
  '/api/circles/:id/members/:userId',
);
export const reinviteCircleMemberRoute = routeRef<typeof contracts.reinviteCircleMemberRoute>(
  'POST',
  '/api/circles/:id/removed/:userId/reinvite',
);
export const setCircleRoleRoute = routeRef<typeof contracts.setCircleRoleRoute>(
  'PUT',
  '/api/circles/:id/members/:userId/role',
);
export const handOverCircleRoute = routeRef<typeof contracts.handOverCircleRoute>(
  'POST',
  '/api/circles/:id/hand-over',
);
export const closeCircleRoute = routeRef<typeof contracts.closeCircleRoute>('POST', '/api/circles/:id/close');
export const listCircleActivitiesRoute = routeRef<typeof contracts.listCircleActivitiesRoute>(
  'GET',
  '/api/circles/:id/activities',
);
export const circleOfferRoute = routeRef<typeof contracts.circleOfferRoute>(
  'GET',
  '/api/posts/:id/circle-offer',
);
export const listCircleThreadsRoute = routeRef<typeof contracts.listCircleThreadsRoute>(
  'GET',
  '/api/circle-threads',
);
export const listCircleThreadMessagesRoute = routeRef<typeof contracts.listCircleThreadMessagesRoute>(
  'GET',
  '/api/circle-threads/:circleId/messages',
);
export const sendCircleThreadMessageRoute = routeRef<typeof contracts.sendCircleThreadMessageRoute>(
  'POST',
  '/api/circle-threads/:circleId/messages',
);
export const markCircleThreadReadRoute = routeRef<typeof contracts.markCircleThreadReadRoute>(
  'POST',
  '/api/circle-threads/:circleId/read',
);
