import { z } from 'zod';
import { defineEvent } from '../events/envelope';
import { CONTENT_KINDS, REPORT_TARGET_KINDS } from './constants';

const content = { targetKind: z.enum(CONTENT_KINDS), targetId: z.uuid() };

/**
 * Someone reported an item: its owning service hides it from that reporter. For a 1:1 message,
 * `conversationId` is the conversation the reporter named: messaging checks the message is in it
 * and is the other person's, else answers `messaging.report.rejected.v1` (moderation withdraws
 * the report). Optional: absent for everything else, and in events written before it existed.
 */
export const reportFiledV1 = defineEvent(
  'moderation.report.filed.v1',
  z.object({
    reporterId: z.uuid(),
    targetKind: z.enum(REPORT_TARGET_KINDS),
    targetId: z.uuid(),
    conversationId: z.uuid().optional(),
  }),
);

/**
 * Reports that had hidden an item from everyone were withdrawn (the owning service rejected
 * them) and too few remain: it shows again, as after a dismissal, with no admin involved.
 */
export const contentUnhiddenV1 = defineEvent('moderation.content.unhidden.v1', z.object(content));

/** Enough different people reported it: hidden from everyone until an admin reviews it. */
export const contentHiddenV1 = defineEvent('moderation.content.hidden.v1', z.object(content));

/** An admin removed it for good. */
export const contentRemovedV1 = defineEvent(
  'moderation.content.removed.v1',
  z.object({ ...content, actorId: z.uuid() }),
);

/**
 * An admin took one photo off a reported post and kept the post: feed deletes the photo (its
 * bytes too; its URL answers 404) and shows the post again, as after a dismissal. Harmless when
 * the post or the photo is already gone, or the photo is not that post's.
 */
export const photoRemovedV1 = defineEvent(
  'moderation.photo.removed.v1',
  z.object({ postId: z.uuid(), photoId: z.uuid(), actorId: z.uuid() }),
);

/** An admin reviewed the reports and kept the item: whatever the reports hid shows again. */
export const reportDismissedV1 = defineEvent(
  'moderation.report.dismissed.v1',
  z.object({ targetKind: z.enum(REPORT_TARGET_KINDS), targetId: z.uuid(), actorId: z.uuid() }),
);

/** An admin suspended a person: identity ends their sessions and refuses sign-in; feed hides their posts. */
export const userSuspendedV1 = defineEvent(
  'moderation.user.suspended.v1',
  z.object({ userId: z.uuid(), actorId: z.uuid() }),
);

/** An admin undid a suspension: identity allows sign-in again; feed shows the person's posts again. */
export const userReinstatedV1 = defineEvent(
  'moderation.user.reinstated.v1',
  z.object({ userId: z.uuid(), actorId: z.uuid() }),
);
