/** Notification's PostgreSQL schema (tables, outbox/inbox). */
export const SCHEMA = 'notification';
