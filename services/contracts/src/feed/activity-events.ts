import { z } from 'zod';
import { defineEvent } from '../events/envelope';

// Every change to an activity's people (docs/activities.md). `hostId` travels with each so a
// consumer can tell the host without asking the feed.

const member = { postId: z.uuid(), hostId: z.uuid(), userId: z.uuid() };

/** A join request; `waitlisted` when the activity was full. */
export const activityRequestedV1 = defineEvent(
  'feed.activity.requested.v1',
  z.object({ ...member, status: z.enum(['requested', 'waitlisted']), note: z.string().nullable() }),
);

/** Accepted by the host, or promoted from the waitlist when a spot freed (`promoted`). */
export const activityAcceptedV1 = defineEvent(
  'feed.activity.accepted.v1',
  z.object({ ...member, promoted: z.boolean(), startsAt: z.iso.datetime({ offset: true }) }),
);

export const activityDeclinedV1 = defineEvent('feed.activity.declined.v1', z.object(member));

/** Someone withdrew their request or gave up their spot (`wasAccepted`). */
export const activityLeftV1 = defineEvent(
  'feed.activity.left.v1',
  z.object({ ...member, wasAccepted: z.boolean() }),
);

/** Two hours before: the host and everyone accepted are reminded and asked "Still going?". */
export const activityReminderV1 = defineEvent(
  'feed.activity.reminder.v1',
  z.object({
    postId: z.uuid(),
    hostId: z.uuid(),
    userIds: z.array(z.uuid()),
    startsAt: z.iso.datetime({ offset: true }),
  }),
);

/** The host closed it ("partner found"). */
export const activityClosedV1 = defineEvent(
  'feed.activity.closed.v1',
  z.object({ postId: z.uuid(), hostId: z.uuid() }),
);

/** The host and an accepted person checked each other in at the meet. */
export const activityCheckedInV1 = defineEvent('feed.activity.checked_in.v1', z.object(member));

/** One person's one-tap feedback about another after a done activity ("unsafe" also opens a report). */
export const activityRatedV1 = defineEvent(
  'feed.activity.rated.v1',
  z.object({
    postId: z.uuid(),
    raterId: z.uuid(),
    subjectId: z.uuid(),
    verdict: z.enum(['showed_up', 'no_show', 'unsafe']),
  }),
);

/** A weekly series' next occurrence was written (a new post with its own spots and requests). */
export const activityRepeatedV1 = defineEvent(
  'feed.activity.repeated.v1',
  z.object({
    seriesId: z.uuid(),
    hostId: z.uuid(),
    previousPostId: z.uuid(),
    postId: z.uuid(),
    startsAt: z.iso.datetime({ offset: true }),
  }),
);

/** The host stopped a weekly series. */
export const activitySeriesStoppedV1 = defineEvent(
  'feed.activity.series_stopped.v1',
  z.object({ seriesId: z.uuid(), hostId: z.uuid(), postId: z.uuid() }),
);
