/** Feed's PostgreSQL schema (tables, geo functions, outbox/inbox). */
export const SCHEMA = 'feed';
