import { authorNameOf, initialsOf } from '@saathi/contracts';
import type { ChatMessage, Conversation, Participant, ReadReceipt } from '@saathi/contracts';
import { asDate } from '../db/as-date';
import type { ConversationViewRow, ReadMarkerRow } from '../db/conversations-repository';
import type { MessageRow } from '../db/messages-repository';

export function toChatMessage(row: MessageRow): ChatMessage {
  return {
    id: row.id,
    conversationId: row.conversation_id,
    senderId: row.sender_id,
    content: row.content,
    createdAt: asDate(row.created_at).toISOString(),
    ...(row.client_message_id ? { clientMessageId: row.client_message_id } : {}),
  };
}

/**
 * How messaging names a person: their profile's display name when they set one, else the
 * author-name rule (first name, else username).
 */
export function participantNameOf(row: {
  username: string | null;
  first_name: string | null;
  display_name: string | null;
}): string {
  const account = row.username === null ? null : { username: row.username, firstName: row.first_name };
  return row.display_name?.trim() || authorNameOf(account);
}

/** The other person as the list shows them (`participantNameOf`); initials by the shared rule. */
export function toParticipant(row: ConversationViewRow): Participant {
  const account = row.username === null ? null : { username: row.username, firstName: row.first_name };
  const displayName = row.display_name?.trim();
  return {
    id: row.other_id,
    displayName: participantNameOf(row),
    initials: initialsOf(displayName ? { firstName: displayName } : account),
    profileImageUrl: row.profile_image_url,
  };
}

export function toConversation(row: ConversationViewRow): Conversation {
  const lastMessage =
    row.last_id && row.last_sender_id && row.last_content !== null && row.last_created_at
      ? toChatMessage({
          id: row.last_id,
          conversation_id: row.id,
          sender_id: row.last_sender_id,
          content: row.last_content,
          created_at: row.last_created_at,
          client_message_id: null,
        })
      : null;
  return {
    id: row.id,
    participant1Id: row.participant1_id,
    participant2Id: row.participant2_id,
    createdAt: asDate(row.created_at).toISOString(),
    otherParticipant: toParticipant(row),
    lastMessage,
    unreadCount: row.unread,
    updatedAt: lastMessage?.createdAt ?? asDate(row.created_at).toISOString(),
    isRequest: row.is_request,
    otherLastReadMessageId: row.other_last_read_id,
    otherDeleted: row.other_deleted,
  };
}

export function toReadReceipt(row: ReadMarkerRow): ReadReceipt {
  return {
    conversationId: row.conversation_id,
    userId: row.user_id,
    lastReadMessageId: row.last_read_message_id,
    readAt: asDate(row.read_at).toISOString(),
  };
}
