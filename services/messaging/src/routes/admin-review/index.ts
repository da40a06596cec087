import { ModerationMessages, reviewMessageRoute } from '@saathi/contracts';
import type { ReviewText } from '@saathi/contracts';
import { httpErrors, queryRows, registerRoute } from '@saathi/platform';
import type { App, Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';

/** Messages shown either side of the reported one: enough to read it in context, not the whole conversation. */
export const REVIEW_CONTEXT_MESSAGES = 2;

type MessageRow = {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: Date | string;
  moderation: string | null;
};

const shape = (row: MessageRow): ReviewText => ({
  id: row.id,
  authorId: row.sender_id,
  text: row.content,
  createdAt: new Date(row.created_at).toISOString(),
  moderation: row.moderation,
});

/**
 * Admins only (the route's `access`): one reported message as stored, hidden or removed ones
 * included, with the few messages around it in its conversation, so the reviewer judges what was
 * really said. Only the reported message's conversation, and only a few of its messages: an admin
 * reviewing a report does not read people's conversations at large (docs/moderation.md).
 */
export function adminReviewRoutes(app: App, deps: { db: Db }): void {
  registerRoute(app, reviewMessageRoute, async (request) => {
    const [message] = await queryRows<MessageRow>(
      deps.db,
      sql`select id, conversation_id, sender_id, content, created_at, moderation
            from messaging.messages where id = ${request.params.id}`,
    );
    if (!message) throw httpErrors.notFound(ModerationMessages.itemGone);
    // Compared in the database (timestamps have microseconds a JS Date would lose); the
    // (conversation, created_at, id) index serves both sides.
    const around = await queryRows<MessageRow>(
      deps.db,
      sql`with m as (select conversation_id, created_at, id from messaging.messages where id = ${message.id})
          (select x.id, x.conversation_id, x.sender_id, x.content, x.created_at, x.moderation
             from messaging.messages x, m
            where x.conversation_id = m.conversation_id and (x.created_at, x.id) < (m.created_at, m.id)
            order by x.created_at desc, x.id desc limit ${REVIEW_CONTEXT_MESSAGES})
          union all
          (select x.id, x.conversation_id, x.sender_id, x.content, x.created_at, x.moderation
             from messaging.messages x, m
            where x.conversation_id = m.conversation_id and (x.created_at, x.id) > (m.created_at, m.id)
            order by x.created_at, x.id limit ${REVIEW_CONTEXT_MESSAGES})`,
    );
    const context = around
      .map(shape)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
    return { ...shape(message), context };
  });
}
