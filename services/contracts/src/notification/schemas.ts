import { z } from 'zod';
import { FEEDBACK_MAX } from '../constants';

/**
 * What a notification is about. Likes, reactions, comments and messages on the same target
 * group into one unread notification ("Asha and 2 others liked your post"), not one per click.
 */
export const NOTIFICATION_TYPES = [
  'comment',
  'like',
  'reaction',
  'message',
  // The first messages of someone the person has never talked to: a request waiting in Requests.
  'message_request',
  // Activities (docs/activities.md): someone asked to join yours; you are in (accepted or promoted).
  'activity_request',
  'activity_accepted',
  // Two hours before an activity: "Still going?".
  'activity_reminder',
  // The host declined your request; closed their activity ("partner found"); posted the next
  // occurrence of a weekly activity you were in; and, once it is over, "how did it go?".
  'activity_declined',
  'activity_closed',
  'activity_repeated',
  'activity_feedback',
  // Someone accepted gave up their spot (to the host); two people checked each other in at the
  // meet (to each of them: "You met Asha").
  'activity_left',
  'activity_met',
  // Circles (docs/circles.md): someone asked to join a circle you organise; an organiser let you
  // in; an organiser posted an activity in your circle; someone wrote @you in a circle thread.
  'circle_request',
  'circle_accepted',
  'circle_activity',
  'circle_mention',
] as const;
export const notificationTypeSchema = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  type: notificationTypeSchema,
  /** The latest person who acted, and how many others acted on the same target since it was read. */
  actorId: z.uuid(),
  actorName: z.string(),
  othersCount: z.number().int().nonnegative(),
  /**
   * How many things it groups since it became unread: messages in a conversation, comments on a
   * post ("Asha sent you 3 messages"). Pushes say the same. Absent in events from before it existed.
   */
  count: z.number().int().positive().optional(),
  /** The post (comment, like, reaction) or conversation (message) it points at. */
  postId: z.uuid().nullable(),
  /** For reactions on a comment: that comment (postId is its post); absent or null otherwise. */
  commentId: z.uuid().nullable().optional(),
  conversationId: z.uuid().nullable(),
  /** For circle notices: the circle (a circle activity's post is `postId`); absent or null otherwise. */
  circleId: z.uuid().nullable().optional(),
  /** For reactions: the latest emoji. */
  emoji: z.string().nullable(),
  read: z.boolean(),
  createdAt: z.string(),
  /** When the latest actor acted: the list is sorted by it, newest first. */
  updatedAt: z.string(),
});
export type AppNotification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  notifications: z.array(notificationSchema),
  unreadCount: z.number().int().nonnegative(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(30),
});

export const notificationIdParamsSchema = z.object({ id: z.uuid('Notification not found') });
export const unreadNotificationsSchema = z.object({ unreadCount: z.number().int().nonnegative() });

const FEEDBACK_REQUIRED = 'Please enter your feedback';
export const FEEDBACK_TYPES = ['feature', 'bug'] as const;
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES, 'Choose feature or bug');
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

export const createFeedbackBodySchema = z.object({
  type: feedbackTypeSchema,
  content: z
    .string({ error: FEEDBACK_REQUIRED })
    .trim()
    .min(1, FEEDBACK_REQUIRED)
    .max(FEEDBACK_MAX, `Feedback can be at most ${FEEDBACK_MAX} characters`),
});
export type CreateFeedbackBody = z.infer<typeof createFeedbackBodySchema>;

export const feedbackSchema = z.object({
  id: z.uuid(),
  type: feedbackTypeSchema,
  content: z.string(),
  userId: z.uuid().nullable(),
  /** What the browser said about itself (user agent), for reproducing bugs. */
  userInfo: z.record(z.string(), z.string()).nullable(),
  status: z.string(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const feedbackListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
