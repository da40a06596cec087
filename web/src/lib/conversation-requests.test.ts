import { describe, expect, it } from 'vitest';
import type { ChatMessage, Conversation } from '@saathi/contracts';
import { hasReply, splitRequests } from './conversation-requests';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const conversation = (id: string, isRequest?: boolean): Conversation => ({
  id,
  participant1Id: A,
  participant2Id: B,
  createdAt: '2026-01-01T00:00:00.000Z',
  otherParticipant: { id: B, displayName: 'B', initials: 'B', profileImageUrl: null },
  lastMessage: null,
  unreadCount: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  ...(isRequest === undefined ? {} : { isRequest }),
});
const message = (senderId: string): ChatMessage => ({
  id: `${senderId}-m`,
  conversationId: 'c',
  senderId,
  content: 'hi',
  createdAt: '2026-01-01T00:00:00.000Z',
});

describe('splitRequests', () => {
  it('puts only requests waiting for the viewer under Requests, in order; older answers go to the inbox', () => {
    const list = [
      conversation('1', true),
      conversation('2', false),
      conversation('3'),
      conversation('4', true),
    ];
    const { inbox, requests } = splitRequests(list);
    expect(requests.map((c) => c.id)).toEqual(['1', '4']);
    expect(inbox.map((c) => c.id)).toEqual(['2', '3']);
  });
});

describe('hasReply', () => {
  it('is false for an empty thread or one person writing, true once the other answers', () => {
    expect(hasReply([])).toBe(false);
    expect(hasReply([message(A), message(A)])).toBe(false);
    expect(hasReply([message(A), message(B)])).toBe(true);
  });
});
