import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import clsx from 'clsx';
import type { CircleThread, CircleThreadMessage } from '@saathi/contracts';
import { isApiError } from '../api/api-error';
import {
  useCircleThreadMessages,
  useMarkCircleThreadRead,
  useSendCircleThreadMessage,
} from '../api/use-circle-threads';
import { newClientMessageId } from '../lib/chat-messages';
import { serverMessage } from '../lib/error-message';
import { messageTime } from '../lib/message-time';
import { toast } from '../lib/toast-store';
import { handleUnauthorized } from '../lib/unauthorized';
import { useMinuteClock } from '../lib/use-minute-clock';
import { MessageInput } from './message-input';
import { MessageMenu } from './message-menu';
import { UnreadBadge } from './unread-badge';

const SEND_FAILED = 'Failed to send message';

/** The messages of a circle's thread: a live log, oldest first, each received one reportable. */
function MessageList({ messages, viewerId }: { messages: CircleThreadMessage[]; viewerId: string }) {
  const now = new Date(useMinuteClock());
  if (messages.length === 0)
    return (
      <p className="py-6 text-center text-sm text-slate-600">
        No messages yet. Say hello: every member of the circle reads this thread.
      </p>
    );
  return (
    <ol className="space-y-3">
      {messages.map((message) => {
        const own = message.senderId === viewerId;
        return (
          <li key={message.id} className={clsx('flex flex-col', own ? 'items-end' : 'items-start')}>
            {own ? null : <span className="text-xs font-medium text-slate-700">{message.senderName}</span>}
            <p
              className={clsx(
                'max-w-[85%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
                own ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-900',
              )}
            >
              {own ? <span className="sr-only">You: </span> : null}
              {message.content}
            </p>
            <span className="mt-0.5 text-xs text-slate-600">
              <time dateTime={message.createdAt}>{messageTime(message.createdAt, now)}</time>
              {own ? null : <MessageMenu message={message} senderName={message.senderName} />}
            </span>
          </li>
        );
      })}
    </ol>
  );
}

interface CircleThreadViewProps {
  circleId: string;
  viewerId: string;
  /** A closed circle's thread stays readable and takes no new message. */
  closed: boolean;
  /** Above the messages: the circle page's heading, or the inbox's back button and title. */
  header?: ReactNode;
  /** The log's height: the page gives it a box of its own, the inbox the column's rest. */
  className?: string;
}

/**
 * A circle's thread for its members: the messages (live through `circle-thread:message`, caught
 * up with `after=` on each connect, see the socket provider), the box, and a read mark for
 * every message that arrives while it is on screen.
 */
export function CircleThreadView({ circleId, viewerId, closed, header, className }: CircleThreadViewProps) {
  const messages = useCircleThreadMessages(circleId);
  const send = useSendCircleThreadMessage(circleId);
  const markRead = useMarkCircleThreadRead(circleId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const list = messages.data ?? [];
  const lastId = list.at(-1)?.id;
  const newestIncomingId = list.findLast((message) => message.senderId !== viewerId)?.id;

  // Follow the newest message.
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId]);

  // Seen while on screen: opening the thread, and every message that arrives meanwhile, reads it.
  const { mutate: markReadMutate } = markRead;
  const loaded = messages.isSuccess;
  useEffect(() => {
    if (!loaded) return;
    const mark = () => {
      if (document.visibilityState === 'visible') markReadMutate(newestIncomingId);
    };
    mark();
    document.addEventListener('visibilitychange', mark);
    return () => document.removeEventListener('visibilitychange', mark);
  }, [loaded, newestIncomingId, markReadMutate]);

  /** Resolves false when the text should go back into the box to be sent again. */
  const onSend = async (content: string): Promise<boolean> => {
    try {
      await send.mutateAsync({ content, clientMessageId: newClientMessageId() });
      return true;
    } catch (error) {
      if (handleUnauthorized(error)) return true;
      toast({ title: 'Error', description: serverMessage(error) ?? SEND_FAILED, variant: 'destructive' });
      // Not a member any more, or the circle closed: sending again would fail again.
      return isApiError(error, 403) || isApiError(error, 404) || isApiError(error, 409);
    }
  };

  return (
    <div className={clsx('flex min-h-0 flex-col', className)}>
      {header}
      <div
        ref={scrollRef}
        role="log"
        aria-label="Circle thread"
        aria-busy={messages.isLoading}
        className="min-h-0 flex-1 overflow-y-auto px-4 py-3"
      >
        {messages.isLoading ? (
          <p className="text-center text-sm text-slate-600">Loading messages…</p>
        ) : messages.isError ? (
          <p className="text-center text-sm text-slate-600">
            {serverMessage(messages.error) ?? 'Could not load this thread.'}
          </p>
        ) : (
          <MessageList messages={list} viewerId={viewerId} />
        )}
      </div>
      {closed ? (
        <p role="status" className="border-t border-slate-200 px-4 py-3 text-center text-sm text-slate-600">
          This circle is closed. You can still read its thread.
        </p>
      ) : (
        <MessageInput onSend={onSend} label="Message the circle" />
      )}
    </div>
  );
}

/** The inbox's Circles tab: one row per circle thread, newest message first, with its unread count. */
export function CircleThreadList({
  threads,
  selectedId,
  viewerId,
  onSelect,
}: {
  threads: CircleThread[];
  selectedId: string | null;
  viewerId: string;
  onSelect: (circleId: string) => void;
}) {
  return (
    <ul aria-label="Circle threads" className="divide-y divide-slate-100">
      {threads.map((thread) => {
        const last = thread.lastMessage;
        return (
          <li key={thread.circleId}>
            <button
              type="button"
              onClick={() => onSelect(thread.circleId)}
              aria-current={thread.circleId === selectedId ? 'true' : undefined}
              className={clsx(
                'flex w-full flex-col px-4 py-3 text-left transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset',
                thread.circleId === selectedId && 'bg-teal-50 hover:bg-teal-50',
              )}
            >
              <span className="flex items-center gap-1.5">
                <span className="truncate font-semibold text-slate-900">{thread.name}</span>
                {thread.closed ? <span className="text-xs text-slate-600">· closed</span> : null}
                <UnreadBadge count={thread.unreadCount} className="ml-auto" />
              </span>
              <span className="truncate text-sm text-slate-600">
                {last
                  ? `${last.senderId === viewerId ? 'You' : last.senderName}: ${last.content}`
                  : 'No messages yet'}
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** A link to the circle's page, for the inbox's thread header. */
export function CirclePageLink({ circleId }: { circleId: string }) {
  return (
    <Link to={`/circles/${circleId}`} className="text-xs text-teal-800 underline">
      View circle
    </Link>
  );
}
