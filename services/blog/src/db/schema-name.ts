/** Blog's PostgreSQL schema (stories, the anonymous activity counts, outbox/inbox). */
export const SCHEMA = 'blog';
