import { sql } from 'drizzle-orm';
import type { ReportRejectionReason } from '@saathi/contracts';
import { BlocksProjection, ErasedPeople, queryRows } from '@saathi/platform';
import type { BlockPair, Db } from '@saathi/platform';
import { reportRejection } from './reported-message';
import { SCHEMA } from './schema-name';

/** Where a reportable message can be: a 1:1 conversation, an activity's or a circle's group thread. */
const MESSAGE_TABLES = [
  sql.raw('messaging.messages'),
  sql.raw('messaging.activity_thread_messages'),
  sql.raw('messaging.circle_thread_messages'),
];

/** A block between the two, whichever of them made it. */
const blockedEitherWay = (userId: string, otherId: string) =>
  sql`exists (select 1 from messaging.blocks
               where (blocker_id = ${userId}::uuid and blocked_id = ${otherId}::uuid)
                  or (blocker_id = ${otherId}::uuid and blocked_id = ${userId}::uuid))`;

/**
 * Messaging's blocks projection (the platform's BlocksProjection, kept as of each event's time)
 * and its reads, and its copies of reporters' hides and moderation decisions on messages.
 */
export class SafetyRepository {
  constructor(private readonly db: Db) {}

  /**
   * identity's block events, as of their time (`BlocksProjection`), so a block and an unblock
   * applied out of order end as identity's; one about a deleted account writes nothing.
   */
  private blocks(): BlocksProjection {
    return new BlocksProjection(this.db, SCHEMA, { guardErased: true });
  }

  block(pair: BlockPair, at: Date): Promise<boolean> {
    return this.blocks().block(pair, at);
  }

  unblock(pair: BlockPair, at: Date): Promise<boolean> {
    return this.blocks().unblock(pair, at);
  }

  /** Why a report of a 1:1 message does not hold, if it does not (reported-message.ts). */
  reportRejection(report: {
    reporterId: string;
    messageId: string;
    conversationId: string;
  }): Promise<ReportRejectionReason | undefined> {
    return reportRejection(this.db, report);
  }

  with(db: Db): SafetyRepository {
    return new SafetyRepository(db);
  }

  /** True when either has blocked the other: one indexed probe each way. */
  async blockedEitherWay(userId: string, otherId: string): Promise<boolean> {
    const [row] = await queryRows<{ blocked: boolean }>(
      this.db,
      sql`select ${blockedEitherWay(userId, otherId)} as blocked`,
    );
    return row?.blocked === true;
  }

  /**
   * What stops a typing indicator, in one round trip (typing is the chattiest event): a block
   * either way, else a declined request, or a request the typer has not accepted (its sender
   * must not learn it was opened), else nothing.
   */
  async typingBarrier(
    conversationId: string,
    userId: string,
    otherId: string,
  ): Promise<'blocked' | 'declined' | undefined> {
    const [row] = await queryRows<{ blocked: boolean; declined: boolean }>(
      this.db,
      sql`select ${blockedEitherWay(userId, otherId)} as blocked,
                 exists (select 1 from messaging.conversations
                          where id = ${conversationId}::uuid
                            and (status = 'declined'
                                 or (status = 'request' and participant2_id = ${userId}::uuid))) as declined`,
    );
    if (row?.blocked) return 'blocked';
    return row?.declined ? 'declined' : undefined;
  }

  /**
   * A reported message is hidden from its reporter. Nothing is written for an erased reporter:
   * the report event may be handled after their deletion (`erased_people`, platform ErasedPeople).
   */
  async hideFromViewer(viewerId: string, messageId: string): Promise<void> {
    const erased = new ErasedPeople(this.db, SCHEMA);
    await erased.hold([viewerId]);
    await queryRows(
      this.db,
      sql`insert into messaging.hidden_for_viewer (viewer_id, message_id)
          select ${viewerId}::uuid, ${messageId}::uuid
           where ${erased.notErased(sql`${viewerId}::uuid`)}
          on conflict do nothing`,
    );
  }

  /**
   * 'removed' replaces 'hidden'; nothing undoes a removal. A message id is a 1:1, an
   * activity-thread or a circle-thread message (all random uuids), so each table is tried.
   */
  async moderate(messageId: string, state: 'hidden' | 'removed'): Promise<void> {
    for (const table of MESSAGE_TABLES)
      await queryRows(
        this.db,
        sql`update ${table} set moderation = ${state}
             where id = ${messageId} and (moderation is null or moderation = 'hidden')`,
      );
  }

  async unhide(messageId: string): Promise<void> {
    for (const table of MESSAGE_TABLES)
      await queryRows(
        this.db,
        sql`update ${table} set moderation = null where id = ${messageId} and moderation = 'hidden'`,
      );
  }
}
