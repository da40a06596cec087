import { sql } from 'drizzle-orm';
import { preparedRows, queryRows } from '@saathi/platform';
import type { Db, GroupCommit } from '@saathi/platform';
import type { DbTime } from './as-date';
import { sendInOneStatement } from './send-statement';
import type { SendInput, SendOutcome } from './send-statement';
import { visibleTo } from './visible-to';

export type MessageRow = {
  id: string;
  conversation_id: string;
  sender_id: string;
  content: string;
  created_at: DbTime;
  client_message_id: string | null;
};

export type PageCursor = { before: string } | { after: string } | null;

const COLUMNS = sql.raw('id, conversation_id, sender_id, content, created_at, client_message_id');

/** A thread's messages; every read is one range of (conversation_id, created_at, id). */
export class MessagesRepository {
  /** `sends`: the process's group commit for sends; absent inside a transaction (`with`). */
  constructor(
    private readonly db: Db,
    private readonly sends?: GroupCommit,
  ) {}

  with(db: Db): MessagesRepository {
    return new MessagesRepository(db);
  }

  /**
   * A send, checks and all, in one statement (see send-statement.ts). Sends that queue up while
   * the database answers earlier ones share one commit; a batch takes its conversations' rows in
   * one order, so two batches never wait for each other.
   */
  send(input: SendInput): Promise<SendOutcome> {
    const { sends } = this;
    return sendInOneStatement(
      sends
        ? (name, query) => sends.rows(name, query, input.conversationId)
        : (name, query) => preparedRows(this.db, name, query),
      input,
    );
  }

  /** The message a sender stored under a client id (a retried send answers it). */
  async byClientId(senderId: string, clientMessageId: string): Promise<MessageRow | undefined> {
    const [row] = await queryRows<MessageRow>(
      this.db,
      sql`select ${COLUMNS} from messaging.messages
          where sender_id = ${senderId}::uuid and client_message_id = ${clientMessageId}::uuid`,
    );
    return row;
  }

  /** A message of this conversation (a cursor or a read marker must name one of its own). */
  async findIn(conversationId: string, messageId: string): Promise<MessageRow | undefined> {
    const [row] = await queryRows<MessageRow>(
      this.db,
      sql`select ${COLUMNS} from messaging.messages
          where id = ${messageId}::uuid and conversation_id = ${conversationId}::uuid`,
    );
    return row;
  }

  async newest(conversationId: string): Promise<MessageRow | undefined> {
    const [row] = await queryRows<MessageRow>(
      this.db,
      sql`select ${COLUMNS} from messaging.messages where conversation_id = ${conversationId}::uuid
          order by created_at desc, id desc limit 1`,
    );
    return row;
  }

  /**
   * A page of the thread as `viewerId` sees it, oldest first: the newest `limit`, those just before
   * a message, or those after one; without what moderation hid and what the viewer reported.
   */
  async page(
    conversationId: string,
    cursor: PageCursor,
    limit: number,
    viewerId: string,
  ): Promise<MessageRow[]> {
    const conversation = sql`conversation_id = ${conversationId}::uuid
      and ${visibleTo(viewerId, 'messaging.messages')}`;
    if (cursor && 'after' in cursor) {
      return queryRows<MessageRow>(
        this.db,
        sql`select ${COLUMNS} from messaging.messages
            where ${conversation} and (created_at, id) > (
              select created_at, id from messaging.messages where id = ${cursor.after}::uuid)
            order by created_at, id limit ${limit}`,
      );
    }
    const before = cursor
      ? sql`and (created_at, id) < (select created_at, id from messaging.messages where id = ${cursor.before}::uuid)`
      : sql``;
    const rows = await queryRows<MessageRow>(
      this.db,
      sql`select ${COLUMNS} from messaging.messages where ${conversation} ${before}
          order by created_at desc, id desc limit ${limit}`,
    );
    return rows.reverse();
  }
}
