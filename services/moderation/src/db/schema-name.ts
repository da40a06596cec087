/** Moderation's PostgreSQL schema (reports, cases under review, the audit log, outbox/inbox). */
export const SCHEMA = 'moderation';
