import { z } from 'zod';
import { defineEvent } from '../events/envelope';
import { CIRCLE_ROLES } from './circles';

// Every change to a circle's people (docs/circles.md), published by feed through its outbox.
// Messaging keeps each circle's thread from them, notification tells the people concerned, and
// moderation learns whose circle it is. `occurredAt` (the envelope's) orders a join and a leave
// of the same person that arrive on separate consumers.

/** A circle was made; its creator is its first member and organiser. */
export const circleCreatedV1 = defineEvent(
  'feed.circle.created.v1',
  z.object({ circleId: z.uuid(), creatorId: z.uuid(), name: z.string() }),
);

/** Its name changed (the thread list shows it). */
export const circleRenamedV1 = defineEvent(
  'feed.circle.renamed.v1',
  z.object({ circleId: z.uuid(), name: z.string() }),
);

/**
 * Someone is in: the creator at creation, anyone joining an open circle, or a request accepted
 * (`acceptedBy`, the organiser who accepted; null otherwise).
 */
export const circleMemberJoinedV1 = defineEvent(
  'feed.circle.member.joined.v1',
  z.object({
    circleId: z.uuid(),
    circleName: z.string(),
    userId: z.uuid(),
    role: z.enum(CIRCLE_ROLES),
    acceptedBy: z.uuid().nullable(),
  }),
);

/** Someone is out: left, removed by an organiser, blocked with an organiser, or erased. */
export const circleMemberLeftV1 = defineEvent(
  'feed.circle.member.left.v1',
  z.object({
    circleId: z.uuid(),
    userId: z.uuid(),
    reason: z.enum(['left', 'removed', 'blocked', 'deleted']),
  }),
);

/** Someone asked to join an "ask to join" circle: each organiser is told. */
export const circleRequestedV1 = defineEvent(
  'feed.circle.requested.v1',
  z.object({ circleId: z.uuid(), userId: z.uuid(), organiserIds: z.array(z.uuid()) }),
);

/** The creator closed it (or it lost its last organiser to account deletion): the thread goes read-only. */
export const circleClosedV1 = defineEvent('feed.circle.closed.v1', z.object({ circleId: z.uuid() }));

/** An organiser posted an activity in the circle: every other member is told. */
export const circleActivityPostedV1 = defineEvent(
  'feed.circle.activity_posted.v1',
  z.object({
    circleId: z.uuid(),
    postId: z.uuid(),
    hostId: z.uuid(),
    memberIds: z.array(z.uuid()),
    startsAt: z.iso.datetime({ offset: true }),
  }),
);
