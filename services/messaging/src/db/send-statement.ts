import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { Row } from '@saathi/platform';
import type { EventEnvelope } from '@saathi/contracts';
import type { MessageRow } from './messages-repository';
import { deletedParticipant } from './participants-repository';
import type { ConversationStatus } from './requests-repository';

export interface SendInput {
  conversationId: string;
  senderId: string;
  /** The other participant (from ConversationPairs): the notice's recipient. */
  recipientId: string;
  content: string;
  now: Date;
  clientMessageId: string | null;
  /** Chosen by the caller, so the notice's envelope can name it before the row exists. */
  messageId: string;
  /**
   * The message's notice (messaging.message.sent), written to the outbox only when the
   * notification service has something to do: see `noticeNeeded` below. Its `sentAt` is replaced
   * by the stored time, and `isRequest` set when the conversation is not accepted.
   */
  notice: EventEnvelope;
  recipientOnline: boolean;
}

export type SendOutcome =
  | { kind: 'stored'; row: MessageRow; status: ConversationStatus; noticed: boolean }
  /** The sender used this client id before: nothing was stored or changed. */
  | { kind: 'retry' }
  | { kind: 'not-found' }
  | { kind: 'blocked' }
  | { kind: 'other-deleted' };

type SendRow = MessageRow & {
  found: boolean;
  blocked: boolean | null;
  other_deleted: boolean | null;
  retry: boolean;
  status: ConversationStatus | null;
  noticed: boolean;
};

const NO_MESSAGE = '00000000-0000-0000-0000-000000000000';

/**
 * A whole send in one statement, so one round trip to the database and one commit:
 * - who the conversation's other person is, and whether a block or their account's deletion stops
 *   the send (read, not locked: the refusal is reported, nothing is written);
 * - the conversation's row moved: its `last_message_at` becomes the message's time, at least 1 ms
 *   after the newest, and a reply from the one a request waits for accepts it. The row update
 *   serialises sends to one conversation, and it reads the row's newest version even when it had
 *   to wait for another send's lock, so the times are in send order (a separate `max(created_at)`
 *   read would see the statement's older snapshot);
 * - the message stored (a client id used before stores nothing: `retry`);
 * - its notice in the outbox, only when notification may act on it (`noticeNeeded`).
 */
export async function sendInOneStatement(
  /** Runs the named, prepared statement: `preparedRows`, or the process's group commit. */
  run: <T extends Row>(name: string, query: SQL) => Promise<T[]>,
  input: SendInput,
): Promise<SendOutcome> {
  const sender = sql`${input.senderId}::uuid`;
  const conversation = sql`${input.conversationId}::uuid`;
  const clientId = sql`${input.clientMessageId}::uuid`;
  // Prepared: planning this statement cost PostgreSQL more than running it.
  const [row] = await run<SendRow>(
    'messaging_send',
    sql`with target as (
          select c.id,
                 exists (select 1 from messaging.blocks b
                         where (b.blocker_id = c.participant1_id and b.blocked_id = c.participant2_id)
                            or (b.blocker_id = c.participant2_id and b.blocked_id = c.participant1_id)) as blocked,
                 exists (select 1 from messaging.participants p
                          where p.user_id = case when c.participant1_id = ${sender} then c.participant2_id
                                                 else c.participant1_id end
                            and ${deletedParticipant('p')}) as other_deleted
          from messaging.conversations c
          where c.id = ${conversation} and (c.participant1_id = ${sender} or c.participant2_id = ${sender})
        ),
        earlier as (
          select 1 from messaging.messages
          where ${clientId} is not null and sender_id = ${sender} and client_message_id = ${clientId}
        ),
        moved as (
          update messaging.conversations c
          set last_message_at = greatest(${input.now.toISOString()}::timestamptz,
                                         c.last_message_at + interval '1 millisecond'),
              status = case when c.participant2_id = ${sender} then 'accepted' else c.status end
          from target t
          where c.id = t.id and not t.blocked and not t.other_deleted and not exists (select 1 from earlier)
          returning c.status, c.last_message_at
        ),
        stored as (
          insert into messaging.messages (id, conversation_id, sender_id, content, created_at, client_message_id)
          select ${input.messageId}::uuid, ${conversation}, ${sender}, ${input.content}, m.last_message_at, ${clientId}
          from moved m
          on conflict (sender_id, client_message_id) where client_message_id is not null do nothing
          returning id, conversation_id, sender_id, content, created_at, client_message_id
        ),
        marker as (
          select coalesce(r.last_read_at, '-infinity'::timestamptz) as at,
                 coalesce(r.last_read_message_id, ${NO_MESSAGE}::uuid) as id
          from (select 1) one
          left join messaging.read_markers r
            on r.conversation_id = ${conversation} and r.user_id = ${input.recipientId}::uuid
        ),
        noticed as (
          insert into messaging.outbox (id, type, payload)
          select ${input.notice.id}::uuid, ${input.notice.type},
                 jsonb_set(
                   case when m.status = 'accepted' then ${JSON.stringify(input.notice)}::jsonb
                        else jsonb_set(${JSON.stringify(input.notice)}::jsonb, '{data,isRequest}', 'true') end,
                   '{data,sentAt}',
                   to_jsonb(to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
          from stored s cross join moved m cross join marker k
          -- noticeNeeded: a request's message (rare, and the notification service decides what
          -- a request announces), or, in an accepted conversation, a recipient who is away (a
          -- mail may be due) or the first message from the sender they have not read (the
          -- notification opens). Further unread messages to someone online would only move that
          -- notification up, which their client does itself when the message arrives.
          where m.status <> 'accepted' or not ${input.recipientOnline}::boolean or not exists (
                  select 1 from messaging.messages p
                  where p.conversation_id = ${conversation} and p.sender_id = ${sender}
                    and (p.created_at, p.id) > (k.at, k.id))
          returning id
        )
        select exists (select 1 from target) as found,
               (select blocked from target) as blocked,
               (select other_deleted from target) as other_deleted,
               exists (select 1 from earlier) as retry,
               (select status from moved) as status,
               exists (select 1 from noticed) as noticed,
               s.id, s.conversation_id, s.sender_id, s.content, s.created_at, s.client_message_id
        from (select 1) one left join stored s on true`,
  );
  if (!row?.found) return { kind: 'not-found' };
  // Gone for good takes precedence over a block, as the separate checks did.
  if (row.other_deleted) return { kind: 'other-deleted' };
  if (row.blocked) return { kind: 'blocked' };
  // A retry: found before this statement, or stored by a concurrent one (the insert's conflict).
  if (row.retry || !row.status || !row.id) return { kind: 'retry' };
  return { kind: 'stored', row, status: row.status, noticed: row.noticed };
}
