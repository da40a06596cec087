/** Why a person reports something; the web shows these as the report dialog's choices. */
export const REPORT_REASONS = ['spam', 'harassment', 'unsafe_meetup', 'fake_profile', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Readonly<Record<ReportReason, string>> = {
  spam: 'Spam',
  harassment: 'Harassment',
  unsafe_meetup: 'Unsafe meet-up',
  fake_profile: 'Fake profile',
  other: 'Other',
};

/**
 * What can be reported. Posts, comments, answers to the daily question, messages (1:1, activity
 * and circle threads) and circles are content; a user is a person.
 */
export const REPORT_TARGET_KINDS = ['post', 'comment', 'daily_answer', 'message', 'circle', 'user'] as const;
export type ReportTargetKind = (typeof REPORT_TARGET_KINDS)[number];

/** Content kinds the owning services hide and remove. */
export const CONTENT_KINDS = ['post', 'comment', 'daily_answer', 'message', 'circle'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];

export const REPORT_NOTE_MAX_LENGTH = 500;
/** The reported item's text as the reporter saw it, kept for the reviewer. */
export const REPORT_EXCERPT_MAX_LENGTH = 1000;

/**
 * Dismiss, remove, suspend and remove_photo close a case; reinstate undoes a suspension (of a
 * person, not a case). remove_photo takes one photo off a reported post and keeps the post.
 */
export const MODERATION_ACTIONS = ['dismiss', 'remove', 'suspend', 'reinstate', 'remove_photo'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** The review queue's page: 20 open cases unless asked otherwise, never more than 50. */
export const OPEN_CASES_PAGE_SIZE = 20;
export const OPEN_CASES_PAGE_MAX = 50;
export const INVALID_CURSOR = 'Invalid cursor';
