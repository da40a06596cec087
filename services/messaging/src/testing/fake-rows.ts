import { randomUUID } from 'node:crypto';
import type { ConversationViewRow, ReadMarkerRow } from '../db/conversations-repository';

/** Rows as messaging's repositories answer them, for the use-case tests' fakes. */

export const conversationView = (overrides: Partial<ConversationViewRow> = {}): ConversationViewRow => ({
  id: randomUUID(),
  participant1_id: randomUUID(),
  participant2_id: randomUUID(),
  created_at: new Date('2026-06-01T10:00:00.000Z'),
  other_id: randomUUID(),
  username: 'ravi',
  first_name: 'Ravi',
  last_name: null,
  display_name: null,
  profile_image_url: null,
  last_id: null,
  last_sender_id: null,
  last_content: null,
  last_created_at: null,
  unread: 0,
  is_request: false,
  other_last_read_id: null,
  other_deleted: false,
  ...overrides,
});

export const readMarker = (overrides: Partial<ReadMarkerRow> = {}): ReadMarkerRow => ({
  conversation_id: randomUUID(),
  user_id: randomUUID(),
  last_read_message_id: randomUUID(),
  read_at: new Date('2026-06-01T12:00:00.000Z'),
  ...overrides,
});
