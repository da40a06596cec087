import { sql } from 'drizzle-orm';

/**
 * A message (under `alias`) the viewer may see: moderation has not hidden or removed it, and the
 * viewer did not report it. Every read a person sees (thread pages, previews, unread counts) uses
 * it, so a hidden message cannot surface through one of them. Served by hidden_for_viewer's
 * (viewer_id, message_id) key.
 */
export const visibleTo = (viewerId: string, alias = 'm') =>
  sql`${sql.raw(alias)}.moderation is null and not exists (
        select 1 from messaging.hidden_for_viewer h
         where h.viewer_id = ${viewerId}::uuid and h.message_id = ${sql.raw(alias)}.id)`;
