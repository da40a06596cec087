import { z } from 'zod';
import { defineRoute } from '../http/route';
import { messageResponseSchema } from '../identity/auth';
import { activityDetailSchema, reliabilitySchema } from './activities';

// After joining (docs/activities.md): check-in at the meet, feedback once it is over, what the
// host sees of a requester's reliability, and weekly repeats.

/** Check-in opens this long before the start and closes at the window's end. */
export const ACTIVITY_CHECKIN_OPENS_BEFORE_MS = 30 * 60 * 1000;
/** A done activity (its people, check-ins and feedback) is kept this long after its end. */
export const ACTIVITY_HISTORY_KEPT_DAYS = 180;
/** Check-in codes: this many characters of Crockford base32 (50 bits), shown as two groups of 5. */
export const CHECKIN_CODE_LENGTH = 10;

export const ActivityFollowUpMessages = {
  checkInNotYet: 'Check-in opens 30 minutes before the start',
  checkInOver: 'Check-in is over: the activity has ended',
  checkInPair: 'Check-in is between the host and the people accepted',
  unknownCode: 'That code is not for this activity',
  ownCode: "That is your own code: scan the other person's",
  feedbackNotYet: 'Feedback opens once the activity is over',
  feedbackNotFound: 'Activity not found',
  feedbackSelf: 'You cannot give feedback about yourself',
  feedbackPair: 'Feedback is between the host and the people accepted',
  feedbackSaved: 'Thanks for the feedback',
  notRepeating: 'This activity does not repeat',
} as const;

export const ACTIVITY_VERDICTS = ['showed_up', 'no_show', 'unsafe'] as const;
export type ActivityVerdict = (typeof ACTIVITY_VERDICTS)[number];

const checkInCodeSchema = z
  .string({ error: 'Please enter a check-in code' })
  .trim()
  .min(1, 'Please enter a check-in code')
  .max(200, ActivityFollowUpMessages.unknownCode);

const activityParams = z.object({ id: z.uuid('Post not found') });

/** One done activity as one of its people sees it, with what they said about each other person. */
export const pastActivitySchema = z.object({
  postId: z.uuid(),
  content: z.string(),
  area: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  hostId: z.uuid(),
  /** The viewer checked in with the host (for the host: with anyone). */
  met: z.boolean(),
  people: z.array(
    z.object({
      userId: z.uuid(),
      name: z.string(),
      isHost: z.boolean(),
      myVerdict: z.enum(ACTIVITY_VERDICTS).nullable(),
    }),
  ),
});
export type PastActivity = z.infer<typeof pastActivitySchema>;

/** The viewer's done activities (newest first) and what others said about them, without names. */
export const pastActivitiesSchema = z.object({
  activities: z.array(pastActivitySchema),
  aboutMe: z.object({
    reliability: reliabilitySchema,
    showedUp: z.number().int(),
    noShow: z.number().int(),
    unsafe: z.number().int(),
  }),
});
export type PastActivities = z.infer<typeof pastActivitiesSchema>;

const service = 'feed';

/** Scanned or typed: the other person's code (or the activity's own, which is the host's). */
export const checkInRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/check-in',
  access: 'user',
  params: activityParams,
  body: z.object({ code: checkInCodeSchema }),
  response: { 200: activityDetailSchema },
});

/** The host ends a weekly series: no next occurrence is written. */
export const stopRepeatingRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/stop-repeating',
  access: 'user',
  params: activityParams,
  response: { 200: activityDetailSchema },
});

export const pastActivitiesRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/activities/past',
  access: 'user',
  response: { 200: pastActivitiesSchema },
});

/** One tap about another person of a done activity; a later tap replaces it. */
export const activityFeedbackRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/activities/:id/feedback',
  access: 'user',
  params: activityParams,
  body: z.object({
    userId: z.uuid('Person not found'),
    verdict: z.enum(ACTIVITY_VERDICTS, 'Please choose showed up, didn’t show or felt unsafe'),
  }),
  response: { 200: messageResponseSchema },
});

export const activityFollowUpRoutes = [
  checkInRoute,
  stopRepeatingRoute,
  pastActivitiesRoute,
  activityFeedbackRoute,
] as const;
