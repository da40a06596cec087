import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, Loader2 } from 'lucide-react';
import clsx from 'clsx';
import { MessagingMessages, type Conversation } from '@saathi/contracts';
import { isApiError } from '../api/api-error';
import { useMarkConversationRead } from '../api/use-conversations';
import { useLoadEarlier, useSendMessage, useThread } from '../api/use-messages';
import {
  isLastOwnMessageSeen,
  newClientMessageId,
  unconfirmedPending,
  type PendingMessage,
} from '../lib/chat-messages';
import { messageTime } from '../lib/message-time';
import { toast } from '../lib/toast-store';
import { handleUnauthorized } from '../lib/unauthorized';
import { useOtherReadReceipt, useTypingUser } from '../realtime/live-store';
import { useSocket } from '../realtime/socket-provider';
import { ThreadComposer } from './thread-composer';
import { MessageMenu } from './message-menu';
import { ParticipantAvatar } from './participant-avatar';
import { buttonSecondary } from './ui';
import { ConversationMenu } from './conversation-menu';
import { MuteMenu } from './mute-menu';

interface MessageThreadProps {
  conversationId: string;
  /** From the list; absent while it loads (or for a deep link it does not hold). */
  conversation: Conversation | undefined;
  viewerId: string;
  now: Date;
  onBack: () => void;
}

/** The right column: the other person, the messages, the typing line, the input. */
export function MessageThread({ conversationId, conversation, viewerId, now, onBack }: MessageThreadProps) {
  const thread = useThread(conversationId);
  const loadEarlier = useLoadEarlier(conversationId);
  const send = useSendMessage();
  const markRead = useMarkConversationRead();
  const socket = useSocket();
  const typingUserId = useTypingUser(conversationId);
  const receipt = useOtherReadReceipt(conversationId);
  const [pending, setPending] = useState<PendingMessage[]>([]);
  const scrollRef = useRef<HTMLDivElement>(null);

  const messages = thread.data?.messages ?? [];
  const other = conversation?.otherParticipant;
  // A deleted account has no profile to open, no one to block or report, and takes no messages.
  const otherDeleted = conversation?.otherDeleted === true;
  const otherName = other?.displayName ?? 'Conversation';
  const newestIncomingId = messages.findLast((message) => message.senderId !== viewerId)?.id;
  const lastId = messages.at(-1)?.id;

  // Opening the thread, and every message that arrives while it is open, marks it read.
  const { mutate: markReadMutate } = markRead;
  const loaded = thread.isSuccess;
  useEffect(() => {
    if (loaded) markReadMutate(conversationId);
  }, [conversationId, newestIncomingId, loaded, markReadMutate]);

  // Follow the newest message (not when an older page is put on top).
  useLayoutEffect(() => {
    const box = scrollRef.current;
    if (box) box.scrollTop = box.scrollHeight;
  }, [lastId, pending.length, conversationId]);

  useEffect(() => setPending([]), [conversationId]);

  /**
   * Resolves false when the text should go back into the box to be sent again. Awaited per
   * send, not through mutate's callbacks, which fire for the latest of several quick sends only.
   */
  const sendMessage = async (content: string): Promise<boolean> => {
    const clientMessageId = newClientMessageId();
    setPending((list) => [...list, { clientMessageId, content }]);
    try {
      await send.mutateAsync({ conversationId, content, clientMessageId });
      return true;
    } catch (error) {
      if (handleUnauthorized(error)) return true;
      const description = isApiError(error, 403)
        ? MessagingMessages.cannotMessage
        : isApiError(error, 410)
          ? MessagingMessages.accountDeleted
          : MessagingMessages.sendFailed;
      toast({ title: 'Error', description, variant: 'destructive' });
      // A block or a deleted account refuses it again: only the toast then.
      return isApiError(error, 403) || isApiError(error, 410);
    } finally {
      setPending((list) => list.filter((item) => item.clientMessageId !== clientMessageId));
    }
  };

  const onTyping = (typing: boolean) => {
    socket?.emit('typing', { conversationId, typing });
  };

  const shownPending = unconfirmedPending(pending, messages, viewerId);
  // A live receipt is the newest; before one arrives (after a reload) the list row's marker.
  const seen = isLastOwnMessageSeen(
    messages,
    viewerId,
    receipt?.lastReadMessageId ?? conversation?.otherLastReadMessageId,
  );
  const lastOwnId = messages.findLast((message) => message.senderId === viewerId)?.id;

  return (
    <section aria-labelledby="thread-title" className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 bg-white px-3 py-2.5">
        <button
          type="button"
          onClick={onBack}
          className="inline-flex h-9 w-9 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none md:hidden"
        >
          <ArrowLeft className="h-5 w-5" aria-hidden="true" />
          <span className="sr-only">Back to conversations</span>
        </button>
        {other ? <ParticipantAvatar participant={other} /> : null}
        <h2 id="thread-title" className="min-w-0 truncate font-semibold text-slate-900">
          {other && !otherDeleted ? (
            <Link
              to={`/profile/${other.id}`}
              className="rounded hover:underline focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
            >
              {otherName}
            </Link>
          ) : (
            otherName
          )}
        </h2>
        {other && !otherDeleted ? (
          <div className="ml-auto flex shrink-0 items-center gap-1">
            <MuteMenu kind="conversation" id={conversationId} now={now} />
            <ConversationMenu other={{ id: other.id, name: otherName }} onBlocked={onBack} />
          </div>
        ) : null}
      </header>

      {/* Focusable so keyboards can scroll the history; the log inside announces arrivals. */}
      <div
        ref={scrollRef}
        tabIndex={0}
        role="region"
        aria-label="Message history"
        className="min-h-0 flex-1 overflow-y-auto bg-slate-50 px-3 py-4 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset"
      >
        {thread.isLoading ? (
          <div role="status" className="flex justify-center py-10">
            <Loader2 className="h-6 w-6 animate-spin text-teal-700" aria-hidden="true" />
            <span className="sr-only">Loading messages</span>
          </div>
        ) : thread.isError ? (
          <p className="py-10 text-center text-sm text-slate-600">
            {isApiError(thread.error, 404)
              ? MessagingMessages.conversationNotFound
              : 'Could not load messages.'}
          </p>
        ) : (
          <>
            {thread.data?.hasEarlier ? (
              <div className="mb-3 flex justify-center">
                <button
                  type="button"
                  className={`${buttonSecondary} py-1.5`}
                  onClick={() => loadEarlier.mutate()}
                  disabled={loadEarlier.isPending}
                >
                  {loadEarlier.isPending ? 'Loading...' : 'Load earlier messages'}
                </button>
              </div>
            ) : null}
            {messages.length === 0 && shownPending.length === 0 ? (
              <p className="py-10 text-center text-sm text-slate-600">No messages yet. Say hello!</p>
            ) : null}
            <div role="log" aria-live="polite" aria-label={`Messages with ${otherName}`}>
              <ol className="space-y-2">
                {messages.map((message) => {
                  const mine = message.senderId === viewerId;
                  return (
                    <li
                      key={message.id}
                      className={clsx('flex flex-col', mine ? 'items-end' : 'items-start')}
                    >
                      <p
                        className={clsx(
                          'max-w-[80%] rounded-2xl px-3.5 py-2 text-[15px] break-words whitespace-pre-line',
                          mine ? 'bg-teal-700 text-white' : 'border border-slate-200 bg-white text-slate-900',
                        )}
                      >
                        <span className="sr-only">{mine ? 'You: ' : `${otherName}: `}</span>
                        {message.content}
                      </p>
                      <span className="mt-0.5 px-1 text-xs text-slate-600">
                        <time dateTime={message.createdAt}>{messageTime(message.createdAt, now)}</time>
                        {mine && seen && message.id === lastOwnId ? ' · Seen' : null}
                        {mine ? null : <MessageMenu message={message} senderName={otherName} />}
                      </span>
                    </li>
                  );
                })}
                {shownPending.map((item) => (
                  <li key={item.clientMessageId} className="flex flex-col items-end" data-pending="">
                    <p className="max-w-[80%] rounded-2xl bg-teal-700/80 px-3.5 py-2 text-[15px] break-words whitespace-pre-line text-white">
                      <span className="sr-only">You: </span>
                      {item.content}
                    </p>
                    <span className="mt-0.5 px-1 text-xs text-slate-600">Sending...</span>
                  </li>
                ))}
              </ol>
            </div>
          </>
        )}
      </div>

      <p aria-live="polite" className="h-6 bg-slate-50 px-4 text-xs text-slate-600 italic">
        {typingUserId ? `${otherName} is typing...` : ''}
      </p>
      <ThreadComposer otherDeleted={otherDeleted} onSend={sendMessage} onTyping={onTyping} />
    </section>
  );
}
