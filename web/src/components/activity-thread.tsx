import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import { ArrowLeft, CalendarDays } from 'lucide-react';
import clsx from 'clsx';
import { ActivityThreadMessages, type ActivityThread as Thread } from '@saathi/contracts';
import { isApiError } from '../api/api-error';
import { useActivityThreadMessages, useSendActivityThreadMessage } from '../api/use-activity-threads';
import { activityStart } from '../lib/activity-text';
import { messageTime } from '../lib/message-time';
import { toast } from '../lib/toast-store';
import { MessageInput } from './message-input';
import { MessageMenu } from './message-menu';
import { MutedMark } from './muted-mark';
import { MuteMenu } from './mute-menu';
import { buttonSecondary } from './ui';

interface ActivityThreadProps {
  thread: Thread | undefined;
  postId: string;
  viewerId: string;
  now: Date;
  onBack: () => void;
}

/** An activity's group thread: who is in it, the messages, and the box (closed once archived). */
export function ActivityThreadView({ thread, postId, viewerId, now, onBack }: ActivityThreadProps) {
  const messages = useActivityThreadMessages(postId);
  const send = useSendActivityThreadMessage(postId);
  const scrollRef = useRef<HTMLDivElement>(null);
  const count = messages.data?.length ?? 0;

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: scrollRef.current.scrollHeight });
  }, [count]);

  /** Resolves false when the text should go back into the box to be sent again (see MessageThread). */
  const onSend = async (content: string): Promise<boolean> => {
    try {
      await send.mutateAsync(content);
      return true;
    } catch (error) {
      toast({
        title: 'Error',
        description: isApiError(error) ? error.message : ActivityThreadMessages.sendFailed,
        variant: 'destructive',
      });
      return false;
    }
  };

  return (
    <section aria-label="Activity thread" className="flex h-full min-h-0 flex-col">
      <header className="flex items-center gap-3 border-b border-slate-200 px-4 py-3">
        <button
          type="button"
          onClick={onBack}
          className={clsx(buttonSecondary, 'md:hidden')}
          aria-label="Back"
        >
          <ArrowLeft className="h-4 w-4" aria-hidden="true" />
        </button>
        <div className="min-w-0 flex-1">
          <h2 className="truncate font-semibold text-slate-900">
            {thread ? thread.members.map((member) => member.displayName).join(', ') : 'Activity thread'}
          </h2>
          {thread ? (
            <p className="flex items-center gap-1 text-xs text-slate-600">
              <CalendarDays className="h-3.5 w-3.5" aria-hidden="true" />
              {activityStart(thread.startsAt)} ·{' '}
              <Link to={`/post/${postId}`} className="text-teal-800 underline">
                View activity
              </Link>
            </p>
          ) : null}
        </div>
        <MuteMenu kind="activity" id={postId} now={now} />
      </header>
      <div ref={scrollRef} className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-3">
        {messages.isLoading ? (
          <p className="text-center text-sm text-slate-600">Loading messages…</p>
        ) : messages.isError ? (
          <p className="text-center text-sm text-slate-600">Could not load this thread.</p>
        ) : count === 0 ? (
          <p className="text-center text-sm text-slate-600">
            Say hello and agree on the details. Everyone accepted to this activity is here.
          </p>
        ) : (
          <ol aria-label="Activity messages" className="space-y-3">
            {messages.data?.map((message) => {
              const own = message.senderId === viewerId;
              return (
                <li key={message.id} className={clsx('flex flex-col', own ? 'items-end' : 'items-start')}>
                  {own ? null : (
                    <span className="text-xs font-medium text-slate-700">{message.senderName}</span>
                  )}
                  <p
                    className={clsx(
                      'max-w-[80%] rounded-2xl px-3 py-2 text-sm break-words whitespace-pre-wrap',
                      own ? 'bg-teal-700 text-white' : 'bg-slate-100 text-slate-900',
                    )}
                  >
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
        )}
      </div>
      {thread?.archived ? (
        <p className="border-t border-slate-200 px-4 py-3 text-center text-sm text-slate-600">
          {ActivityThreadMessages.archived}
        </p>
      ) : (
        <div className="border-t border-slate-200 p-3">
          <MessageInput onSend={onSend} />
        </div>
      )}
    </section>
  );
}

/** The Activities tab's list: one row per activity thread, soonest first. */
export function ActivityThreadList({
  threads,
  selectedId,
  viewerId,
  mutedIds,
  onSelect,
}: {
  threads: Thread[];
  selectedId: string | null;
  viewerId: string;
  /** Threads whose notifications are muted (they still count as unread). */
  mutedIds?: ReadonlySet<string>;
  onSelect: (postId: string) => void;
}) {
  return (
    <ul aria-label="Activity threads" className="divide-y divide-slate-100">
      {threads.map((thread) => {
        const last = thread.lastMessage;
        const others = thread.members.filter((member) => member.id !== viewerId);
        return (
          <li key={thread.postId}>
            <button
              type="button"
              onClick={() => onSelect(thread.postId)}
              aria-current={thread.postId === selectedId ? 'true' : undefined}
              className={clsx(
                'flex w-full flex-col px-4 py-3 text-left transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset',
                thread.postId === selectedId && 'bg-teal-50 hover:bg-teal-50',
              )}
            >
              <span className="flex items-center gap-1.5">
                <span className="truncate font-semibold text-slate-900">
                  {others.map((member) => member.displayName).join(', ') || 'Activity thread'}
                </span>
                {mutedIds?.has(thread.postId) ? <MutedMark /> : null}
              </span>
              <span className="text-xs text-slate-600">
                {activityStart(thread.startsAt)}
                {thread.archived ? ' · archived' : ''}
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
