// The query-cache updates the socket drives: catching a thread up after a reconnect, merging a
// pushed message, and a pushed notification's effect on the bell's list and count.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import {
  MESSAGE_PAGE_SIZE,
  type AppNotification,
  type ChatMessage,
  type Conversation,
  type NotificationList,
} from '@saathi/contracts';
import { conversationsKey, notificationsKey, threadKey, unreadMessagesKey } from './messaging-query-keys';
import { applyMessageToConversations } from './messaging-cache';
import { catchUpThreads, markThreads, mergeIntoThread, type ThreadData } from './use-messages';
import { applyNewNotification } from './use-notifications';

const CONV = '00000000-0000-4000-8000-0000000000c1';
const ME = '00000000-0000-4000-8000-000000000001';

function message(n: number): ChatMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    conversationId: CONV,
    senderId: ME,
    content: `m${n}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, 0, n)).toISOString(),
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

afterEach(() => vi.unstubAllGlobals());

/** Answers each GET with the next page and records the URLs asked for. */
function stubFetch(pages: ChatMessage[][]): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(new Response(JSON.stringify(pages.shift() ?? []), { status: 200 }));
    }),
  );
  return urls;
}

describe('catchUpThreads', () => {
  it('asks for what came after the newest message, page after page, and keeps each message once', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<ThreadData>(threadKey(CONV), { messages: range(1, 3), hasEarlier: false });
    // A full page means there may be more; the overlap (message 3) must not show twice.
    const urls = stubFetch([
      [message(3), ...range(4, MESSAGE_PAGE_SIZE + 2)],
      range(MESSAGE_PAGE_SIZE + 3, MESSAGE_PAGE_SIZE + 4),
    ]);

    await catchUpThreads(queryClient);

    expect(urls).toHaveLength(2);
    expect(urls[0]).toBe(
      `/api/conversations/${CONV}/messages?after=${message(3).id}&limit=${MESSAGE_PAGE_SIZE}`,
    );
    expect(urls[1]).toContain(`after=${message(MESSAGE_PAGE_SIZE + 2).id}`);
    const thread = queryClient.getQueryData<ThreadData>(threadKey(CONV));
    expect(thread?.messages.map((m) => m.content)).toEqual(
      range(1, MESSAGE_PAGE_SIZE + 4).map((m) => m.content),
    );
  });

  it('catches up from where the thread stood when the socket dropped, not from a message sent since', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<ThreadData>(threadKey(CONV), { messages: range(1, 3), hasEarlier: false });
    const marks = markThreads(queryClient);
    // Offline, the viewer sends message 5 (merged from the send's answer); the other person's
    // message 4 went out on no socket.
    mergeIntoThread(queryClient, CONV, [message(5)]);
    const urls = stubFetch([range(4, 5)]);

    await catchUpThreads(queryClient, marks);

    expect(urls[0]).toContain(`after=${message(3).id}`);
    const thread = queryClient.getQueryData<ThreadData>(threadKey(CONV));
    expect(thread?.messages.map((m) => m.content)).toEqual(['m1', 'm2', 'm3', 'm4', 'm5']);
  });

  it('leaves the conversation list alone and asks nothing for a thread never loaded', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['conversations'], []);
    const urls = stubFetch([]);
    await catchUpThreads(queryClient);
    expect(urls).toEqual([]);
  });
});

describe('mergeIntoThread', () => {
  it('adds a pushed message to a loaded thread once, and ignores threads not loaded', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData<ThreadData>(threadKey(CONV), { messages: range(1, 2), hasEarlier: true });
    mergeIntoThread(queryClient, CONV, [message(3)]);
    mergeIntoThread(queryClient, CONV, [message(3)]);
    expect(queryClient.getQueryData<ThreadData>(threadKey(CONV))).toEqual({
      messages: range(1, 3),
      hasEarlier: true,
    });

    const other = '00000000-0000-4000-8000-0000000000c2';
    mergeIntoThread(queryClient, other, [message(4)]);
    expect(queryClient.getQueryData(threadKey(other))).toBeUndefined();
  });
});

function notification(id: string, read: boolean, othersCount = 0): AppNotification {
  return {
    id,
    type: 'like',
    actorId: ME,
    actorName: 'Asha',
    othersCount,
    postId: '00000000-0000-4000-8000-0000000000b1',
    conversationId: null,
    emoji: null,
    read,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

describe('applyNewNotification', () => {
  const N1 = '00000000-0000-4000-8000-0000000000e1';
  const N2 = '00000000-0000-4000-8000-0000000000e2';

  function bell(list: NotificationList) {
    const queryClient = new QueryClient();
    queryClient.setQueryData(notificationsKey, list);
    return queryClient;
  }

  it('puts a new unread one on top and counts it', () => {
    const queryClient = bell({ notifications: [notification(N1, true)], unreadCount: 0 });
    applyNewNotification(queryClient, notification(N2, false));
    const data = queryClient.getQueryData<NotificationList>(notificationsKey);
    expect(data?.notifications.map((n) => n.id)).toEqual([N2, N1]);
    expect(data?.unreadCount).toBe(1);
  });

  it('replaces a grouped one that was already unread without counting it twice', () => {
    const queryClient = bell({
      notifications: [notification(N2, false), notification(N1, false)],
      unreadCount: 2,
    });
    applyNewNotification(queryClient, notification(N1, false, 2));
    const data = queryClient.getQueryData<NotificationList>(notificationsKey);
    expect(data?.notifications.map((n) => [n.id, n.othersCount])).toEqual([
      [N1, 2],
      [N2, 0],
    ]);
    expect(data?.unreadCount).toBe(2);
  });

  it('counts a read one that became unread again', () => {
    const queryClient = bell({ notifications: [notification(N1, true)], unreadCount: 0 });
    applyNewNotification(queryClient, notification(N1, false, 1));
    expect(queryClient.getQueryData<NotificationList>(notificationsKey)?.unreadCount).toBe(1);
  });
});

describe('applyMessageToConversations', () => {
  const OTHER = '00000000-0000-4000-8000-000000000002';
  const CONV2 = '00000000-0000-4000-8000-0000000000c2';
  const MN = '00000000-0000-4000-8000-0000000000e9';
  const N_OTHER = '00000000-0000-4000-8000-0000000000e8';

  function row(id: string, last: ChatMessage | null, unreadCount: number): Conversation {
    return {
      id,
      participant1Id: ME,
      participant2Id: OTHER,
      createdAt: '2026-01-01T00:00:00.000Z',
      otherParticipant: { id: OTHER, displayName: 'Ravi', initials: 'R', profileImageUrl: null },
      lastMessage: last,
      unreadCount,
      updatedAt: last?.createdAt ?? '2026-01-01T00:00:00.000Z',
    };
  }
  const fromOther = (n: number): ChatMessage => ({ ...message(n), senderId: OTHER });

  function client() {
    const queryClient = new QueryClient();
    queryClient.setQueryData<Conversation[]>(conversationsKey, [
      row(CONV2, { ...message(5), conversationId: CONV2 }, 0),
      row(CONV, message(1), 0),
    ]);
    queryClient.setQueryData<NotificationList>(notificationsKey, {
      notifications: [
        { ...notification(N_OTHER, false), id: N_OTHER },
        {
          ...notification(MN, false),
          type: 'message',
          actorId: OTHER,
          postId: null,
          conversationId: CONV,
          updatedAt: message(1).createdAt,
        },
      ],
      unreadCount: 2,
    });
    queryClient.setQueryData(unreadMessagesKey, { count: 0 });
    return queryClient;
  }
  it('moves the row up with the message, counts it once, and moves the same person’s notification up', () => {
    const queryClient = client();
    applyMessageToConversations(queryClient, fromOther(7), ME);
    applyMessageToConversations(queryClient, fromOther(7), ME); // push and catch-up: once
    const list = queryClient.getQueryData<Conversation[]>(conversationsKey)!;
    expect(list.map((c) => [c.id, c.lastMessage?.id, c.unreadCount])).toEqual([
      [CONV, message(7).id, 1],
      [CONV2, message(5).id, 0],
    ]);
    expect(queryClient.getQueryState(unreadMessagesKey)?.isInvalidated).toBe(true);
    const bell = queryClient.getQueryData<NotificationList>(notificationsKey)!;
    expect(bell.notifications.map((n) => [n.id, n.updatedAt, n.count])).toEqual([
      // Counted once, as the server's bump does: the row now says "sent you 2 messages".
      [MN, message(7).createdAt, 2],
      [N_OTHER, '2026-01-01T00:00:00.000Z', undefined],
    ]);
    expect(bell.unreadCount).toBe(2);
  });

  it('an own message (another tab, or the send’s answer) counts nothing and leaves the bell', () => {
    const queryClient = client();
    applyMessageToConversations(queryClient, message(7), ME);
    const list = queryClient.getQueryData<Conversation[]>(conversationsKey)!;
    expect(list[0]).toMatchObject({ id: CONV, unreadCount: 0, updatedAt: message(7).createdAt });
    expect(queryClient.getQueryState(unreadMessagesKey)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryData<NotificationList>(notificationsKey)!.notifications[0]!.id).toBe(N_OTHER);
  });

  it('reads the list again for a conversation it does not hold', () => {
    const queryClient = client();
    const unknown = '00000000-0000-4000-8000-0000000000c3';
    applyMessageToConversations(queryClient, { ...fromOther(9), conversationId: unknown }, ME);
    expect(queryClient.getQueryState(conversationsKey)?.isInvalidated).toBe(true);
  });
});
