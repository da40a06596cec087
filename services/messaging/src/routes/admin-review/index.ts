import { ModerationMessages, reviewMessageRoute } from '@saathi/contracts';
import type { ReviewText } from '@saathi/contracts';
import { httpErrors, queryRows, registerRoute } from '@saathi/platform';
import type { App, Db } from '@saathi/platform';
import { sql } from 'drizzle-orm';

/** Messages shown either side of the reported one: enough to read it in context, not the whole conversation. */
export const REVIEW_CONTEXT_MESSAGES = 2;

type MessageRow = {
  id: string;
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
 * Where a message can be: a 1:1 conversation, an activity's group thread (keyed by its post) or a
 * circle's. Table and column names are constants, never input.
 */
const PLACES = [
  { table: sql.raw('messaging.messages'), thread: sql.raw('conversation_id') },
  { table: sql.raw('messaging.activity_thread_messages'), thread: sql.raw('post_id') },
  { table: sql.raw('messaging.circle_thread_messages'), thread: sql.raw('circle_id') },
] as const;

/**
 * The message and up to REVIEW_CONTEXT_MESSAGES either side in its own thread; undefined if not
 * here, or if nobody reported it and moderation never acted on it. Messaging knows of a report by
 * the reporter's hide row (events/message-moderated.ts), so a neighbour shown as context answers
 * nothing when asked for in turn: the reviewer cannot walk the thread id by id.
 */
async function readWithContext(
  db: Db,
  place: (typeof PLACES)[number],
  id: string,
): Promise<{ message: MessageRow; around: MessageRow[] } | undefined> {
  const { table, thread } = place;
  const [message] = await queryRows<MessageRow>(
    db,
    sql`select id, sender_id, content, created_at, moderation from ${table}
         where id = ${id} and (moderation is not null or exists (
           select 1 from messaging.hidden_for_viewer h where h.message_id = ${id}))`,
  );
  if (!message) return undefined;
  // Compared in the database (timestamps have microseconds a JS Date would lose); each table's
  // (thread, created_at, id) index serves both sides.
  const around = await queryRows<MessageRow>(
    db,
    sql`with m as (select ${thread} as thread, created_at, id from ${table} where id = ${id})
        (select x.id, x.sender_id, x.content, x.created_at, x.moderation
           from ${table} x, m
          where x.${thread} = m.thread and (x.created_at, x.id) < (m.created_at, m.id)
          order by x.created_at desc, x.id desc limit ${REVIEW_CONTEXT_MESSAGES})
        union all
        (select x.id, x.sender_id, x.content, x.created_at, x.moderation
           from ${table} x, m
          where x.${thread} = m.thread and (x.created_at, x.id) > (m.created_at, m.id)
          order by x.created_at, x.id limit ${REVIEW_CONTEXT_MESSAGES})`,
  );
  return { message, around };
}

/**
 * Admins only (the route's `access`): one reported or moderated message as stored, hidden or
 * removed ones included, with the few messages around it in its conversation or group thread,
 * so the reviewer judges what was really said. Only such a message, its thread, and only a few of
 * its messages: an admin reviewing a report does not read people's conversations at large
 * (docs/moderation.md).
 */
export function adminReviewRoutes(app: App, deps: { db: Db }): void {
  registerRoute(app, reviewMessageRoute, async (request) => {
    for (const place of PLACES) {
      const found = await readWithContext(deps.db, place, request.params.id);
      if (!found) continue;
      const context = found.around
        .map(shape)
        .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
      return { ...shape(found.message), context };
    }
    throw httpErrors.notFound(ModerationMessages.itemGone);
  });
}
