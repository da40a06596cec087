import type { CircleThread, CircleThreadMessage } from '@saathi/contracts';
import { asDate } from '../db/as-date';
import type { CircleMessageRow, CircleThreadRow } from '../db/circle-threads-repository';
import { nameOf } from './activity-thread-views';

export function toCircleMessage(row: CircleMessageRow): CircleThreadMessage {
  return {
    id: row.id,
    circleId: row.circle_id,
    senderId: row.sender_id,
    senderName: nameOf(row).displayName,
    content: row.content,
    createdAt: asDate(row.created_at).toISOString(),
  };
}

export function toCircleThread(row: CircleThreadRow): CircleThread {
  return {
    circleId: row.circle_id,
    name: row.name,
    closed: row.closed,
    unreadCount: row.unread_count,
    lastMessage:
      row.last_id && row.last_sender_id && row.last_content !== null && row.last_created_at !== null
        ? toCircleMessage({
            id: row.last_id,
            circle_id: row.circle_id,
            sender_id: row.last_sender_id,
            content: row.last_content,
            created_at: row.last_created_at,
            username: row.last_username,
            first_name: row.last_first_name,
            display_name: row.last_display_name,
          })
        : null,
  };
}
