import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { EventEnvelope } from '@saathi/contracts';
import type { Row } from '@saathi/platform';
import type { CircleMessageRow } from './circle-threads-repository';
import { notBlockedWith } from './not-blocked-with';
import { deletedParticipant } from './participants-repository';

export interface CircleSendInput {
  circleId: string;
  senderId: string;
  /** The sender's username from their token: names them until identity's event has. */
  senderUsername: string;
  content: string;
  now: Date;
  clientMessageId: string | null;
  /** Chosen by the caller, so the envelopes can name it before the row exists. */
  messageId: string;
  /** messaging.circle_thread_message.sent; its `sentAt` is replaced by the stored time. */
  sent: EventEnvelope;
  /**
   * messaging.circle_thread.mentioned, written only when `mentions` name current members other
   * than the sender (and nobody blocked either way with them); its `userIds` are replaced by them.
   */
  mentioned: EventEnvelope;
  /** Lower-cased usernames the content names with `@` (possibly none). */
  mentions: readonly string[];
}

export type CircleSendOutcome =
  | { kind: 'stored'; row: CircleMessageRow; recipients: string[]; mentioned: boolean }
  /** The sender used this client id before (in `circleId`'s circle or another): nothing was written. */
  | { kind: 'retry' }
  | { kind: 'not-found' }
  | { kind: 'closed' };

type CircleSendRow = CircleMessageRow & {
  found: boolean;
  closed: boolean;
  retry: boolean;
  recipients: string[] | null;
  mentioned: boolean;
};

/** A Postgres array literal of usernames (letters, digits, `_` and `.` only: nothing to quote). */
const textArray = (values: readonly string[]) => `{${values.join(',')}}`;

/**
 * A whole circle-thread send in one statement, so one round trip and one commit:
 * - whether the sender is a member (else nothing happens: 404) and the circle closed (409);
 * - a client id the sender used before: nothing is written (`retry`);
 * - the sender's participants row from their token when identity's event has not come yet;
 * - the thread's row moved: its `last_message_at` becomes the message's time, at least 1 ms after
 *   the newest. The row update serialises sends to one circle and reads the row's newest version,
 *   so the times are in send order, each distinct;
 * - the message stored, announced (circle_thread_message.sent) and, when it names members, the
 *   mention event, both in the outbox;
 * - who hears it: the members, less anyone blocked either way with the sender.
 */
export async function sendToCircleInOneStatement(
  run: <T extends Row>(name: string, query: SQL) => Promise<T[]>,
  input: CircleSendInput,
): Promise<CircleSendOutcome> {
  const sender = sql`${input.senderId}::uuid`;
  const circle = sql`${input.circleId}::uuid`;
  const clientId = sql`${input.clientMessageId}::uuid`;
  const [row] = await run<CircleSendRow>(
    'messaging_circle_send',
    sql`with member as (
          select t.circle_id, t.closed_at is not null as closed
          from messaging.circle_threads t
          join messaging.circle_thread_members m on m.circle_id = t.circle_id and m.user_id = ${sender}
          where t.circle_id = ${circle}
        ),
        earlier as (
          select 1 from messaging.circle_thread_messages
          where ${clientId} is not null and sender_id = ${sender} and client_message_id = ${clientId}
        ),
        go as (
          select m.circle_id from member m where not m.closed and not exists (select 1 from earlier)
        ),
        ensured as (
          insert into messaging.participants (user_id, username, source_at)
          select ${sender}, ${input.senderUsername}, 'epoch'::timestamptz from go
          on conflict (user_id) do nothing
        ),
        moved as (
          update messaging.circle_threads t
          set last_message_at = greatest(${input.now.toISOString()}::timestamptz,
                                         t.last_message_at + interval '1 millisecond')
          from go
          where t.circle_id = go.circle_id
          returning t.last_message_at
        ),
        stored as (
          insert into messaging.circle_thread_messages
            (id, circle_id, sender_id, content, created_at, client_message_id)
          select ${input.messageId}::uuid, ${circle}, ${sender}, ${input.content}, m.last_message_at, ${clientId}
          from moved m
          on conflict (sender_id, client_message_id) do nothing
          returning id, circle_id, sender_id, content, created_at
        ),
        recipients as (
          select m.user_id from messaging.circle_thread_members m
          where m.circle_id = ${circle} and ${notBlockedWith(input.senderId, 'm.user_id')}
        ),
        named as (
          select coalesce(jsonb_agg(m.user_id order by m.user_id), '[]'::jsonb) as ids
          from messaging.circle_thread_members m
          join messaging.participants p on p.user_id = m.user_id
          where m.circle_id = ${circle} and m.user_id <> ${sender}
            and lower(p.username) = any(${textArray(input.mentions)}::text[])
            and not ${deletedParticipant('p')}
            and ${notBlockedWith(input.senderId, 'm.user_id')}
        ),
        announced as (
          insert into messaging.outbox (id, type, payload)
          select ${input.sent.id}::uuid, ${input.sent.type},
                 jsonb_set(${JSON.stringify(input.sent)}::jsonb, '{data,sentAt}',
                   to_jsonb(to_char(s.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')))
          from stored s
        ),
        mentioned as (
          insert into messaging.outbox (id, type, payload)
          select ${input.mentioned.id}::uuid, ${input.mentioned.type},
                 jsonb_set(${JSON.stringify(input.mentioned)}::jsonb, '{data,userIds}', n.ids)
          from stored s cross join named n
          where jsonb_array_length(n.ids) > 0
          returning 1
        )
        select exists (select 1 from member) as found,
               coalesce((select closed from member), false) as closed,
               exists (select 1 from earlier) as retry,
               (select jsonb_agg(user_id) from recipients) as recipients,
               exists (select 1 from mentioned) as mentioned,
               s.id, s.circle_id, s.sender_id, s.content, s.created_at,
               coalesce(p.username, ${input.senderUsername}) as username, p.first_name, p.display_name
        from (select 1) one
        left join stored s on true
        left join messaging.participants p on p.user_id = s.sender_id`,
  );
  if (!row?.found) return { kind: 'not-found' };
  // A retry answers the first message even once the circle has closed.
  if (row.retry) return { kind: 'retry' };
  if (row.closed) return { kind: 'closed' };
  // Stored by a concurrent send with the same client id (the insert's conflict).
  if (!row.id) return { kind: 'retry' };
  return { kind: 'stored', row, recipients: row.recipients ?? [], mentioned: row.mentioned };
}
