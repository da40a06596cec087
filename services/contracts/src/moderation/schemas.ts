import { z } from 'zod';
import {
  INVALID_CURSOR,
  MODERATION_ACTIONS,
  OPEN_CASES_PAGE_MAX,
  OPEN_CASES_PAGE_SIZE,
  REPORT_EXCERPT_MAX_LENGTH,
  REPORT_NOTE_MAX_LENGTH,
  REPORT_REASONS,
  REPORT_TARGET_KINDS,
} from './constants';
import { ModerationMessages } from './messages';

export const reportTargetSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS, 'Choose what to report'),
  targetId: z.uuid('Invalid id'),
});

export const createReportBodySchema = reportTargetSchema
  .extend({
    reason: z.enum(REPORT_REASONS, 'Choose a reason'),
    note: z
      .string()
      .trim()
      .max(REPORT_NOTE_MAX_LENGTH, `Keep the note under ${REPORT_NOTE_MAX_LENGTH} characters`)
      .optional(),
    // No owner: whose item it is is learnt from the owning service's events, never from the
    // reporter (an older client's ownerId is stripped like any unknown key).
    /** The item's text as the reporter saw it, for the reviewer; optional for a person. */
    excerpt: z.string().max(REPORT_EXCERPT_MAX_LENGTH).optional(),
    /**
     * The 1:1 conversation a reported message is in (required for one: moderation keeps no row per
     * message, so it learns who may report it, and whose it is, from the conversation's two
     * people; messaging then checks the message is there and was not the reporter's). Absent for an
     * activity thread's message and for everything else.
     */
    conversationId: z.uuid('Invalid conversation').optional(),
  })
  .refine((body) => body.conversationId === undefined || body.targetKind === 'message', {
    message: ModerationMessages.conversationOnlyForMessages,
    path: ['conversationId'],
  });
export type CreateReportBody = z.infer<typeof createReportBodySchema>;

export const reportReasonCountSchema = z.object({ reason: z.enum(REPORT_REASONS), count: z.number().int() });

/** One reported item awaiting review, with its reports folded together. */
export const openCaseSchema = z.object({
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.uuid(),
  /** The author, from the owning service's events; null while moderation has not heard of the item. */
  ownerId: z.uuid().nullable(),
  excerpt: z.string().nullable(),
  reporters: z.number().int(),
  reasons: z.array(reportReasonCountSchema),
  notes: z.array(z.string()),
  /** True once enough different people reported it that it is hidden until reviewed. */
  hidden: z.boolean(),
  firstReportedAt: z.iso.datetime({ offset: true }),
  lastReportedAt: z.iso.datetime({ offset: true }),
});
export type OpenCase = z.infer<typeof openCaseSchema>;

/**
 * A page of the review queue. `cursor` is the previous page's `nextCursor`, opaque to clients
 * (the server decodes it and answers 400 when it cannot).
 */
export const openCasesQuerySchema = z.object({
  limit: z.coerce
    .number('Invalid limit')
    .int('Invalid limit')
    .min(1, 'Invalid limit')
    .max(OPEN_CASES_PAGE_MAX, `Ask for at most ${OPEN_CASES_PAGE_MAX} reports`)
    .default(OPEN_CASES_PAGE_SIZE),
  cursor: z.string().min(1, INVALID_CURSOR).max(200, INVALID_CURSOR).optional(),
});
export type OpenCasesQuery = z.infer<typeof openCasesQuerySchema>;

/** Open cases oldest first; `nextCursor` is null on the last page. */
export const openCasesPageSchema = z.object({
  cases: z.array(openCaseSchema),
  nextCursor: z.string().nullable(),
});
export type OpenCasesPage = z.infer<typeof openCasesPageSchema>;

/**
 * `photoId` goes with `remove_photo` only, which needs it and a post: the photo leaves the post,
 * the post stays. Any other action with a photo, or remove_photo without one, is a 400.
 */
export const moderationActionBodySchema = reportTargetSchema
  .extend({
    action: z.enum(MODERATION_ACTIONS, 'Choose an action'),
    photoId: z.uuid('Invalid photo').optional(),
  })
  .refine((body) => body.photoId === undefined || body.action === 'remove_photo', {
    message: ModerationMessages.photoNeedsPhotoAction,
    path: ['photoId'],
  })
  .refine((body) => body.action !== 'remove_photo' || body.photoId !== undefined, {
    message: ModerationMessages.photoActionNeedsPhoto,
    path: ['photoId'],
  })
  .refine((body) => body.action !== 'remove_photo' || body.targetKind === 'post', {
    message: ModerationMessages.photoActionNeedsPost,
    path: ['targetKind'],
  });
export type ModerationActionBody = z.infer<typeof moderationActionBodySchema>;

/** Ids are null where the person they named deleted their account (docs/privacy.md). */
export const auditEntrySchema = z.object({
  id: z.uuid(),
  actorId: z.uuid().nullable(),
  action: z.enum(MODERATION_ACTIONS),
  targetKind: z.enum(REPORT_TARGET_KINDS),
  targetId: z.uuid().nullable(),
  ownerId: z.uuid().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** A person suspended now, until an admin reinstates them. */
export const suspensionSchema = z.object({
  userId: z.uuid(),
  /** Null when the admin who suspended them has since deleted their account. */
  actorId: z.uuid().nullable(),
  suspendedAt: z.iso.datetime({ offset: true }),
});
export type Suspension = z.infer<typeof suspensionSchema>;
