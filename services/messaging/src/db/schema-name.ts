/** Messaging's PostgreSQL schema (conversations, messages, read markers, participants, outbox/inbox). */
export const SCHEMA = 'messaging';
