import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@saathi/contracts';
import {
  isLastOwnMessageSeen,
  mergeMessages,
  newClientMessageId,
  unconfirmedPending,
  upsertConversation,
} from './chat-messages';

const ME = '00000000-0000-4000-8000-000000000001';
const YOU = '00000000-0000-4000-8000-000000000002';
const CONV = '00000000-0000-4000-8000-0000000000c1';

function message(n: number, senderId = ME, content = `m${n}`): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    conversationId: CONV,
    senderId,
    content,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, n)).toISOString(),
  };
}

describe('mergeMessages', () => {
  it('keeps each id once when the socket repeats what the page or the send call brought', () => {
    const page = [message(1), message(2)];
    const merged = mergeMessages(page, [message(2), message(3)]);
    expect(merged.map((m) => m.content)).toEqual(['m1', 'm2', 'm3']);
    expect(mergeMessages(merged, [message(3)])).toHaveLength(3);
  });

  it('puts an older page before the loaded ones, whatever order they arrive in', () => {
    const merged = mergeMessages([message(5), message(6)], [message(4), message(2), message(3)]);
    expect(merged.map((m) => m.content)).toEqual(['m2', 'm3', 'm4', 'm5', 'm6']);
  });

  it('breaks a tie in time by id, so every client shows the same order', () => {
    const a = { ...message(1), createdAt: message(9).createdAt };
    const merged = mergeMessages([message(9)], [a]);
    expect(merged.map((m) => m.id)).toEqual([a.id, message(9).id]);
  });

  it('returns the same array when nothing arrives (no needless re-render)', () => {
    const current = [message(1)];
    expect(mergeMessages(current, [])).toBe(current);
  });
});

function conversation(id: string, updatedAt: string, unreadCount = 0): Conversation {
  return {
    id,
    participant1Id: ME,
    participant2Id: YOU,
    createdAt: '2026-01-01T00:00:00.000Z',
    otherParticipant: { id: YOU, displayName: 'Asha', initials: 'A', profileImageUrl: null },
    lastMessage: null,
    unreadCount,
    updatedAt,
  };
}

describe('upsertConversation', () => {
  const older = conversation('00000000-0000-4000-8000-0000000000a1', '2026-01-01T10:00:00.000Z');
  const newer = conversation('00000000-0000-4000-8000-0000000000a2', '2026-01-01T11:00:00.000Z');

  it('moves a conversation with new activity to the top and replaces its old copy', () => {
    const updated = { ...older, updatedAt: '2026-01-01T12:00:00.000Z', unreadCount: 2 };
    const list = upsertConversation([newer, older], updated);
    expect(list.map((c) => c.id)).toEqual([older.id, newer.id]);
    expect(list[0]?.unreadCount).toBe(2);
    expect(list).toHaveLength(2);
  });

  it('adds a conversation the list did not have yet', () => {
    expect(upsertConversation([older], newer).map((c) => c.id)).toEqual([newer.id, older.id]);
  });
});

describe('isLastOwnMessageSeen', () => {
  const thread = [message(1, ME), message(2, YOU), message(3, ME), message(4, YOU)];

  it('is true when the read marker is at or after the viewer’s last message', () => {
    expect(isLastOwnMessageSeen(thread, ME, message(3).id)).toBe(true);
    expect(isLastOwnMessageSeen(thread, ME, message(4).id)).toBe(true);
  });

  it('is false when the marker is before it, unknown, or the viewer wrote nothing', () => {
    expect(isLastOwnMessageSeen(thread, ME, message(2).id)).toBe(false);
    expect(isLastOwnMessageSeen(thread, ME, null)).toBe(false);
    expect(isLastOwnMessageSeen(thread, ME, message(99).id)).toBe(false);
    expect(isLastOwnMessageSeen([message(2, YOU)], ME, message(2).id)).toBe(false);
  });
});

describe('unconfirmedPending', () => {
  const sent = (content: string) => ({ clientMessageId: newClientMessageId(), content });

  it('hides a pending message once its stored copy arrived, even before the send call answers', () => {
    const pending = [sent('hello')];
    expect(unconfirmedPending(pending, [message(1)], ME)).toHaveLength(1);
    const stored = { ...message(2), content: 'hello', clientMessageId: pending[0]!.clientMessageId };
    expect(unconfirmedPending(pending, [message(1), stored], ME)).toEqual([]);
  });

  it('matches by client id, not text: an older message with the same text settles nothing', () => {
    const older = { ...message(1), content: 'ok', clientMessageId: newClientMessageId() };
    const theirs = { ...message(2, YOU), content: 'ok' };
    expect(unconfirmedPending([sent('ok')], [older, theirs], ME)).toHaveLength(1);
  });

  it('settles exactly the one whose copy arrived when the same text is sent twice', () => {
    const first = sent('ok');
    const second = sent('ok');
    const stored = { ...message(3), content: 'ok', clientMessageId: second.clientMessageId };
    expect(unconfirmedPending([first, second], [stored], ME)).toEqual([first]);
  });

  it('makes distinct v4 uuids', () => {
    const id = newClientMessageId();
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(newClientMessageId()).not.toBe(id);
  });
});
