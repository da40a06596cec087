/** Identity's PostgreSQL schema (tables, outbox, inbox). */
export const SCHEMA = 'identity';
