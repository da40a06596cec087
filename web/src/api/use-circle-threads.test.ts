// The circle thread's cache, which the socket drives: a pushed message joins its thread once and
// moves the list row along; on each connect every loaded thread catches up with `after=`.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { MESSAGE_PAGE_MAX, type CircleThread, type CircleThreadMessage } from '@saathi/contracts';
import {
  catchUpCircleThreads,
  circleThreadKey,
  circleThreadsKey,
  markCircleThreads,
  mergeCircleThreadMessages,
} from './use-circle-threads';

const CIRCLE = '00000000-0000-4000-8000-0000000000c1';
const ME = '00000000-0000-4000-8000-000000000001';
const ASHA = '00000000-0000-4000-8000-000000000002';

function message(n: number, senderId = ASHA): CircleThreadMessage {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    circleId: CIRCLE,
    senderId,
    senderName: senderId === ME ? 'Me' : 'Asha',
    content: `m${n}`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, 0, n)).toISOString(),
  };
}

const range = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => message(from + i));

const thread = (over: Partial<CircleThread> = {}): CircleThread => ({
  circleId: CIRCLE,
  name: 'Saturday Shuttlers',
  closed: false,
  unreadCount: 0,
  lastMessage: null,
  ...over,
});

afterEach(() => vi.unstubAllGlobals());

/** Answers each GET with the next page and records the URLs asked for. */
function stubFetch(pages: CircleThreadMessage[][]): string[] {
  const urls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      const body = url.includes('/messages') ? (pages.shift() ?? []) : [thread()];
      return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    }),
  );
  return urls;
}

describe('mergeCircleThreadMessages', () => {
  it('adds a pushed message once, moves the list row along and counts it unread', () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(circleThreadKey(CIRCLE), range(1, 2));
    queryClient.setQueryData(circleThreadsKey, [thread({ lastMessage: message(2) })]);

    mergeCircleThreadMessages(queryClient, CIRCLE, [message(3)], ME);
    // The same message again (the send's answer, a catch-up): nothing changes.
    mergeCircleThreadMessages(queryClient, CIRCLE, [message(3)], ME);

    expect(queryClient.getQueryData<CircleThreadMessage[]>(circleThreadKey(CIRCLE))).toEqual(range(1, 3));
    const [row] = queryClient.getQueryData<CircleThread[]>(circleThreadsKey) ?? [];
    expect(row?.lastMessage).toEqual(message(3));
    expect(row?.unreadCount).toBe(1);
  });

  it("does not count the viewer's own message as unread", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(circleThreadsKey, [thread()]);
    mergeCircleThreadMessages(queryClient, CIRCLE, [message(1, ME)], ME);
    const [row] = queryClient.getQueryData<CircleThread[]>(circleThreadsKey) ?? [];
    expect(row?.unreadCount).toBe(0);
    expect(row?.lastMessage?.id).toBe(message(1).id);
    // A thread nobody opened is not made up from one message: it loads whole when opened.
    expect(queryClient.getQueryData(circleThreadKey(CIRCLE))).toBeUndefined();
  });

  it('reads a thread again when a push comes for it after its read failed (messaging had not counted the viewer in yet)', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let answer: CircleThreadMessage[] | null = null;
    const queryFn = () =>
      answer
        ? Promise.resolve(answer)
        : Promise.reject(Object.assign(new Error('Circle thread not found'), { status: 404 }));
    // The thread view's query, mounted (an observer): its first read is refused.
    const observer = new QueryObserver(queryClient, { queryKey: circleThreadKey(CIRCLE), queryFn });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(queryClient.getQueryState(circleThreadKey(CIRCLE))?.status).toBe('error'));

    answer = [message(1)];
    mergeCircleThreadMessages(queryClient, CIRCLE, [message(1)], ME);
    await vi.waitFor(() => expect(queryClient.getQueryData(circleThreadKey(CIRCLE))).toEqual([message(1)]));
    unsubscribe();
  });
});

describe('catchUpCircleThreads', () => {
  it('asks for what came after where the thread stood when the socket dropped, page after page', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(circleThreadKey(CIRCLE), range(1, 3));
    const marks = markCircleThreads(queryClient);
    // Sent by the viewer while the socket was away (merged from the send's answer).
    mergeCircleThreadMessages(queryClient, CIRCLE, [message(MESSAGE_PAGE_MAX + 10, ME)]);
    const urls = stubFetch([
      range(4, MESSAGE_PAGE_MAX + 3),
      range(MESSAGE_PAGE_MAX + 4, MESSAGE_PAGE_MAX + 5),
    ]);

    await catchUpCircleThreads(queryClient, marks);

    const pages = urls.filter((url) => url.includes('/messages'));
    expect(pages).toHaveLength(2);
    expect(pages[0]).toBe(
      `/api/circle-threads/${CIRCLE}/messages?after=${message(3).id}&limit=${MESSAGE_PAGE_MAX}`,
    );
    expect(pages[1]).toContain(`after=${message(MESSAGE_PAGE_MAX + 3).id}`);
    const messages = queryClient.getQueryData<CircleThreadMessage[]>(circleThreadKey(CIRCLE)) ?? [];
    expect(messages.map((m) => m.content)).toEqual([
      ...range(1, MESSAGE_PAGE_MAX + 5).map((m) => m.content),
      `m${MESSAGE_PAGE_MAX + 10}`,
    ]);
  });

  it('asks nothing for a thread never loaded', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(circleThreadsKey, [thread()]);
    const urls = stubFetch([]);
    await catchUpCircleThreads(queryClient);
    expect(urls.filter((url) => url.includes('/messages'))).toEqual([]);
  });
});
