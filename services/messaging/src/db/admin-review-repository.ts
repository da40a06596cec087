import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { DbTime } from './as-date';

/** Messages shown either side of the reported one: enough to read it in context, not the whole conversation. */
export const REVIEW_CONTEXT_MESSAGES = 2;

export type ReviewMessageRow = {
  id: string;
  sender_id: string;
  content: string;
  created_at: DbTime;
  moderation: string | null;
};

/**
 * Where a message can be: a 1:1 conversation, an activity's group thread (keyed by its post) or a
 * circle's. Table and column names are constants, never input.
 */
const PLACES = [
  { table: sql.raw('messaging.messages'), thread: sql.raw('conversation_id') },
  { table: sql.raw('messaging.activity_thread_messages'), thread: sql.raw('post_id') },
  { table: sql.raw('messaging.circle_thread_messages'), thread: sql.raw('circle_id') },
] as const;

/** A reported or moderated message as stored, for the admin reviewing its case. */
export class AdminReviewRepository {
  constructor(private readonly db: Db) {}

  /**
   * The message and up to REVIEW_CONTEXT_MESSAGES either side in its own thread, whichever kind
   * of thread holds it; undefined if none does, or if nobody reported it and moderation never
   * acted on it. Messaging knows of a report by the reporter's hide row (use-cases/safety.ts), so
   * a neighbour shown as context answers nothing when asked for in turn: the reviewer cannot walk
   * the thread id by id.
   */
  async withContext(
    id: string,
  ): Promise<{ message: ReviewMessageRow; around: ReviewMessageRow[] } | undefined> {
    for (const place of PLACES) {
      const found = await this.readWithContext(place, id);
      if (found) return found;
    }
    return undefined;
  }

  private async readWithContext(
    place: (typeof PLACES)[number],
    id: string,
  ): Promise<{ message: ReviewMessageRow; around: ReviewMessageRow[] } | undefined> {
    const { table, thread } = place;
    const [message] = await queryRows<ReviewMessageRow>(
      this.db,
      sql`select id, sender_id, content, created_at, moderation from ${table}
           where id = ${id} and (moderation is not null or exists (
             select 1 from messaging.hidden_for_viewer h where h.message_id = ${id}))`,
    );
    if (!message) return undefined;
    // Compared in the database (timestamps have microseconds a JS Date would lose); each table's
    // (thread, created_at, id) index serves both sides.
    const around = await queryRows<ReviewMessageRow>(
      this.db,
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
}
