import { pgSchema, text, timestamp } from 'drizzle-orm/pg-core';

export const notification = pgSchema('notification');

/** One row per mail actually handed to the mailer; a redelivered job finds it and does not send again. */
export const sentEmails = notification.table('sent_emails', {
  dedupeKey: text('dedupe_key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
