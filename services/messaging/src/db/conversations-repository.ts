import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows, returnedRow } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { DbTime } from './as-date';
import { deletedParticipant } from './participants-repository';
import { visibleTo } from './visible-to';

/** A conversation as one participant sees it: the other person, the last message, the unread count. */
export type ConversationViewRow = {
  id: string;
  participant1_id: string;
  participant2_id: string;
  created_at: DbTime;
  other_id: string;
  username: string | null;
  first_name: string | null;
  last_name: string | null;
  display_name: string | null;
  profile_image_url: string | null;
  last_id: string | null;
  last_sender_id: string | null;
  last_content: string | null;
  last_created_at: DbTime | null;
  unread: number;
  /** A request waiting for the viewer's answer. */
  is_request: boolean;
  /** The other participant's read marker: the viewer's "Seen". */
  other_last_read_id: string | null;
  /** The other participant deleted their account ("Deleted user"). */
  other_deleted: boolean;
};

/** A conversation the acting user takes part in, and who is on the other side. */
export interface Membership {
  conversationId: string;
  otherId: string;
}

export type ReadMarkerRow = {
  conversation_id: string;
  user_id: string;
  last_read_message_id: string | null;
  read_at: DbTime;
};

/** Conversations and read markers. Every read for a user is scoped to conversations they are in. */
export class ConversationsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ConversationsRepository {
    return new ConversationsRepository(db);
  }

  /**
   * The pair's conversation, created if there is none. Two concurrent starts meet on the unique
   * pair index: the second waits for the first to commit, inserts nothing and reads its row.
   */
  async startOwn(
    actingUserId: string,
    otherId: string,
    now: Date,
  ): Promise<{ id: string; created: boolean }> {
    const inserted = await queryRows<{ id: string }>(
      this.db,
      // One conversation per pair, so a new one means the two never talked: a request for the other.
      sql`insert into messaging.conversations (participant1_id, participant2_id, created_at, status)
          values (${actingUserId}::uuid, ${otherId}::uuid, ${now.toISOString()}::timestamptz, 'request')
          on conflict ((least(participant1_id, participant2_id)), (greatest(participant1_id, participant2_id)))
          do nothing returning id`,
    );
    if (inserted[0]) return { id: inserted[0].id, created: true };
    const existing = await queryRows<{ id: string }>(
      this.db,
      sql`select id from messaging.conversations
          where least(participant1_id, participant2_id) = least(${actingUserId}::uuid, ${otherId}::uuid)
            and greatest(participant1_id, participant2_id) = greatest(${actingUserId}::uuid, ${otherId}::uuid)`,
    );
    return { id: returnedRow(existing, 'the existing conversation').id, created: false };
  }

  /**
   * The conversation if the user is in it (else undefined: callers answer 404). `lock` holds its
   * row until the transaction ends, so sends to one thread are stored one after another.
   */
  async membershipOf(
    actingUserId: string,
    conversationId: string,
    options: { lock?: boolean } = {},
  ): Promise<Membership | undefined> {
    const [row] = await queryRows<{ id: string; other_id: string }>(
      this.db,
      sql`select id, case when participant1_id = ${actingUserId}::uuid then participant2_id
                          else participant1_id end as other_id
          from messaging.conversations
          where id = ${conversationId}::uuid
            and (participant1_id = ${actingUserId}::uuid or participant2_id = ${actingUserId}::uuid)
          ${options.lock ? sql`for update` : sql``}`,
    );
    return row ? { conversationId: row.id, otherId: row.other_id } : undefined;
  }

  /** The viewer's conversations, most recently active first: one query, however many there are. */
  listViews(viewerId: string): Promise<ConversationViewRow[]> {
    return queryRows<ConversationViewRow>(this.db, this.views(viewerId, sql``));
  }

  /** One conversation as the viewer sees it (the viewer must be a participant). */
  async viewOf(viewerId: string, conversationId: string): Promise<ConversationViewRow | undefined> {
    const [row] = await queryRows<ConversationViewRow>(
      this.db,
      this.views(viewerId, sql`and c.id = ${conversationId}::uuid`),
    );
    return row;
  }

  private views(viewerId: string, filter: SQL): SQL {
    const viewer = sql`${viewerId}::uuid`;
    return sql`select c.id, c.participant1_id, c.participant2_id, c.created_at, o.other_id,
                 p.username, p.first_name, p.last_name, p.display_name, p.profile_image_url,
                 lm.id as last_id, lm.sender_id as last_sender_id, lm.content as last_content,
                 lm.created_at as last_created_at, u.unread,
                 (c.status = 'request' and c.participant2_id = ${viewer}) as is_request,
                 -- A request's sender never sees how far its recipient read until they accept it.
                 case when c.status in ('request', 'declined') and c.participant1_id = ${viewer}
                      then null else ro.last_read_message_id end as other_last_read_id,
                 coalesce(${deletedParticipant('p')}, false) as other_deleted
          from messaging.conversations c
          cross join lateral (
            select case when c.participant1_id = ${viewer} then c.participant2_id
                        else c.participant1_id end as other_id
          ) o
          left join messaging.participants p on p.user_id = o.other_id
          left join lateral (
            select m.id, m.sender_id, m.content, m.created_at from messaging.messages m
            where m.conversation_id = c.id and ${visibleTo(viewerId)}
            order by m.created_at desc, m.id desc limit 1
          ) lm on true
          left join messaging.read_markers r on r.conversation_id = c.id and r.user_id = ${viewer}
          left join messaging.read_markers ro on ro.conversation_id = c.id and ro.user_id = o.other_id
          cross join lateral (
            select count(*)::int as unread from messaging.messages m
            where m.conversation_id = c.id and m.sender_id <> ${viewer} and ${visibleTo(viewerId)}
              and (r.last_read_at is null
                   or (m.created_at, m.id) > (r.last_read_at, r.last_read_message_id))
          ) u
          where (c.participant1_id = ${viewer} or c.participant2_id = ${viewer}) ${filter}
            -- A declined request is gone for its recipient (the sender still sees it).
            and not (c.status = 'declined' and c.participant2_id = ${viewer})
            -- A conversation disappears for the one who blocked the other (not for the blocked).
            and not exists (select 1 from messaging.blocks b
                             where b.blocker_id = ${viewer} and b.blocked_id = o.other_id)
          order by coalesce(lm.created_at, c.created_at) desc, c.id desc`;
  }

  /** Messages from others newer than the user's read markers, across all their conversations. */
  async unreadTotal(viewerId: string): Promise<number> {
    const viewer = sql`${viewerId}::uuid`;
    const [row] = await queryRows<{ count: number }>(
      this.db,
      sql`select count(*)::int as count
          from messaging.conversations c
          join messaging.messages m on m.conversation_id = c.id and m.sender_id <> ${viewer}
          left join messaging.read_markers r on r.conversation_id = c.id and r.user_id = ${viewer}
          where (c.participant1_id = ${viewer} or c.participant2_id = ${viewer})
            and not (c.status = 'declined' and c.participant2_id = ${viewer})
            and ${visibleTo(viewerId)}
            and (r.last_read_at is null or (m.created_at, m.id) > (r.last_read_at, r.last_read_message_id))`,
    );
    return row?.count ?? 0;
  }

  /** The user's read marker in the conversation, if they ever opened it. */
  async markerOf(userId: string, conversationId: string): Promise<ReadMarkerRow | undefined> {
    const [row] = await queryRows<ReadMarkerRow>(
      this.db,
      sql`select conversation_id, user_id, last_read_message_id, read_at from messaging.read_markers
          where conversation_id = ${conversationId}::uuid and user_id = ${userId}::uuid`,
    );
    return row;
  }

  /**
   * Moves the user's read marker to a message (or records an empty read); it never moves back,
   * so a late request from an older screen leaves a newer marker alone. Returns the marker.
   */
  async markReadOwn(
    actingUserId: string,
    conversationId: string,
    message: { id: string; createdAt: Date } | null,
    now: Date,
  ): Promise<ReadMarkerRow> {
    const messageId = message?.id ?? null;
    const messageAt = message ? message.createdAt.toISOString() : null;
    const rows = await queryRows<ReadMarkerRow>(
      this.db,
      sql`insert into messaging.read_markers as r
            (conversation_id, user_id, last_read_message_id, last_read_at, read_at)
          values (${conversationId}::uuid, ${actingUserId}::uuid, ${messageId}::uuid,
                  ${messageAt}::timestamptz, ${now.toISOString()}::timestamptz)
          on conflict (conversation_id, user_id) do update
            set last_read_message_id = excluded.last_read_message_id,
                last_read_at = excluded.last_read_at,
                read_at = excluded.read_at
            where excluded.last_read_at is not null and (r.last_read_at is null
                  or (excluded.last_read_at, excluded.last_read_message_id) > (r.last_read_at, r.last_read_message_id))
          returning conversation_id, user_id, last_read_message_id, read_at`,
    );
    if (rows[0]) return rows[0];
    const current = await queryRows<ReadMarkerRow>(
      this.db,
      sql`select conversation_id, user_id, last_read_message_id, read_at from messaging.read_markers
          where conversation_id = ${conversationId}::uuid and user_id = ${actingUserId}::uuid`,
    );
    return returnedRow(current, 'the read marker');
  }
}
