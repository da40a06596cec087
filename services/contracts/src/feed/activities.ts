import { z } from 'zod';
import { defineRoute } from '../http/route';
import { messageResponseSchema } from '../identity/auth';

// Activities: a post with a time, spots and a way to join (docs/activities.md). Everything here
// is additive: a post without `activity` is the plain post of schemas.ts.

export const ACTIVITY_LEVELS = ['any', 'beginner', 'intermediate', 'advanced'] as const;
export type ActivityLevel = (typeof ACTIVITY_LEVELS)[number];
export const ACTIVITY_SPOTS_MIN = 1;
export const ACTIVITY_SPOTS_MAX = 20;
export const ACTIVITY_AREA_MAX = 120;
export const ACTIVITY_POINT_MAX = 200;
export const ACTIVITY_NOTE_MAX = 140;
/**
 * How far ahead an activity may start: a post's lifetime (docs/product.md), so an activity
 * leaves the feed at most this long plus its window (under a day) after it was posted.
 */
export const ACTIVITY_MAX_DAYS_AHEAD = 30;
/** Reminders go out this long before the start. */
export const ACTIVITY_REMINDER_LEAD_MS = 2 * 60 * 60 * 1000;
/** The feed's time filters: "Happening today" and "this week" (the next 7 days). */
export const ACTIVITY_WHEN = ['today', 'week'] as const;
export type ActivityWhen = (typeof ACTIVITY_WHEN)[number];
export const ACTIVITY_STATES = ['open', 'full', 'closed', 'done'] as const;
export type ActivityState = (typeof ACTIVITY_STATES)[number];
export const MEMBER_STATUSES = ['requested', 'accepted', 'waitlisted', 'declined', 'left'] as const;
export type MemberStatus = (typeof MEMBER_STATUSES)[number];

export const ActivityMessages = {
  notAnActivity: 'This post is not an activity',
  hostCannotJoin: 'You are hosting this activity',
  cannotJoin: "You can't join this activity",
  notOpen: 'This activity is no longer taking requests',
  alreadyIn: 'You have already asked to join',
  declined: 'The host declined your request',
  hostOnly: 'Only the host can do this',
  requestNotFound: 'Request not found',
  noSpotsLeft: 'No spots left',
  notAMember: 'You are not part of this activity',
  windowInvalid: 'The activity must end after it starts',
  inThePast: 'The activity must end in the future',
  tooFarAhead: `The activity must start within ${ACTIVITY_MAX_DAYS_AHEAD} days`,
  closed: 'Activity closed',
  started: 'This activity has started: your spot can no longer be given up',
} as const;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A day that exists: "2025-02-30" would otherwise be read as the 2nd of March. */
function isCalendarDate(text: string): boolean {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
}

/** "Make it an activity": the day and window in the host's local time, with its UTC offset. */
export const activityDraftSchema = z.object({
  date: z.string().regex(DATE, 'Please choose a date').refine(isCalendarDate, 'Please choose a date'),
  startTime: z.string().regex(TIME, 'Please choose a start time'),
  endTime: z.string().regex(TIME, 'Please choose an end time'),
  /** Minutes east of UTC of the host's clock (India: 330). */
  utcOffsetMinutes: z.number().int().min(-720).max(840).default(0),
  spots: z
    .number({ error: `Spots must be between ${ACTIVITY_SPOTS_MIN} and ${ACTIVITY_SPOTS_MAX}` })
    .int()
    .min(ACTIVITY_SPOTS_MIN, `Spots must be between ${ACTIVITY_SPOTS_MIN} and ${ACTIVITY_SPOTS_MAX}`)
    .max(ACTIVITY_SPOTS_MAX, `Spots must be between ${ACTIVITY_SPOTS_MIN} and ${ACTIVITY_SPOTS_MAX}`),
  level: z.enum(ACTIVITY_LEVELS, 'Unknown level').default('any'),
  area: z
    .string({ error: 'Please name the meeting area' })
    .trim()
    .min(1, 'Please name the meeting area')
    .max(ACTIVITY_AREA_MAX, `The meeting area can be at most ${ACTIVITY_AREA_MAX} characters`),
  /** Shown only to the host and accepted people. */
  meetingPoint: z.string().trim().max(ACTIVITY_POINT_MAX).optional(),
  /** "Repeat weekly": when this one ends, the next is written a week later (until the host stops it). */
  repeatWeekly: z.boolean().optional(),
});
export type ActivityDraft = z.infer<typeof activityDraftSchema>;

/** What every viewer of a post sees of its activity. */
export const postActivitySchema = z.object({
  startsAt: z.string(),
  endsAt: z.string(),
  spots: z.number().int(),
  acceptedCount: z.number().int().nonnegative(),
  spotsLeft: z.number().int().nonnegative(),
  level: z.enum(ACTIVITY_LEVELS),
  area: z.string(),
  state: z.enum(ACTIVITY_STATES),
});
export type PostActivity = z.infer<typeof postActivitySchema>;

/** "Met 7 of 8": done activities with a check-in or a "showed up", of those with any sign either way. */
export const reliabilitySchema = z.object({ met: z.number().int(), of: z.number().int() });
export type Reliability = z.infer<typeof reliabilitySchema>;

export const activityMemberSchema = z.object({
  userId: z.uuid(),
  name: z.string(),
  status: z.enum(MEMBER_STATUSES),
  note: z.string().nullable(),
  requestedAt: z.string(),
  /** Checked in with the host at this activity. */
  met: z.boolean(),
  /** The host's view only: how often this person showed up before (null for everyone else). */
  reliability: reliabilitySchema.nullable(),
});
export type ActivityMember = z.infer<typeof activityMemberSchema>;

/** One activity as the viewer may see it: the exact point and the requests only where allowed. */
export const activityDetailSchema = z.object({
  postId: z.uuid(),
  hostId: z.uuid(),
  activity: postActivitySchema,
  /** The viewer's own request, if any. */
  myStatus: z.enum(MEMBER_STATUSES).nullable(),
  /** Host and accepted people only. */
  meetingPoint: z.string().nullable(),
  /** The reminder went out: accepted people are asked "Still going?" (null: not answered). */
  reminded: z.boolean(),
  myStillGoing: z.boolean().nullable(),
  /** The host sees every request; accepted people see who else is in; others see nobody. */
  members: z.array(activityMemberSchema),
  /** The viewer's check-in code (host: the activity's own code), host and accepted people only. */
  myCheckInCode: z.string().nullable(),
  /** Check-in runs from this instant to the end of the window. */
  checkInOpensAt: z.string(),
  /** An accepted viewer has checked in with the host. */
  checkedIn: z.boolean(),
  /** Part of a weekly series that has not been stopped. */
  repeatsWeekly: z.boolean(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

export const joinActivityBodySchema = z.object({
  note: z
    .string()
    .trim()
    .max(ACTIVITY_NOTE_MAX, `Notes can be at most ${ACTIVITY_NOTE_MAX} characters`)
    .optional(),
});
export type JoinActivityBody = z.infer<typeof joinActivityBodySchema>;

const activityParams = z.object({ id: z.uuid('Post not found') });
const requestParams = z.object({ id: z.uuid('Post not found'), userId: z.uuid('Request not found') });

const service = 'feed';

export const getActivityRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/posts/:id/activity',
  access: 'user',
  params: activityParams,
  response: { 200: activityDetailSchema },
});

/** "I'm in": a request, or a place on the waitlist when the activity is full. */
export const joinActivityRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/join',
  access: 'user',
  params: activityParams,
  body: joinActivityBodySchema,
  response: { 200: activityDetailSchema },
});

/** Withdraws a request or gives up a spot (the waitlist's first is promoted). */
export const leaveActivityRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/leave',
  access: 'user',
  params: activityParams,
  response: { 200: activityDetailSchema },
});

export const acceptActivityRequestRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/requests/:userId/accept',
  access: 'user',
  params: requestParams,
  response: { 200: activityDetailSchema },
});

export const declineActivityRequestRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/requests/:userId/decline',
  access: 'user',
  params: requestParams,
  response: { 200: activityDetailSchema },
});

/** The host closes it: "partner found". */
export const closeActivityRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/close',
  access: 'user',
  params: activityParams,
  response: { 200: messageResponseSchema },
});

/** The calendar file of an activity the viewer hosts or is accepted for (text/calendar). */
export const activityCalendarRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/posts/:id/activity.ics',
  access: 'user',
  params: activityParams,
  kind: 'document',
});

/** "Still going?": yes keeps the spot; no gives it up (the waitlist's first is promoted). */
export const stillGoingRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/posts/:id/activity/still-going',
  access: 'user',
  params: activityParams,
  body: z.object({ going: z.boolean({ error: 'Please answer yes or no' }) }),
  response: { 200: activityDetailSchema },
});

export const activityRoutes = [
  getActivityRoute,
  joinActivityRoute,
  leaveActivityRoute,
  acceptActivityRequestRoute,
  declineActivityRequestRoute,
  closeActivityRoute,
  activityCalendarRoute,
  stillGoingRoute,
] as const;
