import clsx from 'clsx';
import type { Conversation } from '@saathi/contracts';
import { messageTime } from '../lib/message-time';
import { ParticipantAvatar } from './participant-avatar';
import { MutedMark } from './muted-mark';
import { UnreadBadge } from './unread-badge';

interface ConversationListProps {
  conversations: Conversation[];
  selectedId: string | null;
  viewerId: string;
  now: Date;
  /** Conversations whose notifications are muted (they still count as unread). */
  mutedIds?: ReadonlySet<string>;
  onSelect: (conversationId: string) => void;
}

/** The left column: one row per conversation, newest activity first. */
export function ConversationList({
  conversations,
  selectedId,
  viewerId,
  now,
  mutedIds,
  onSelect,
}: ConversationListProps) {
  return (
    <ul aria-label="Conversations" className="divide-y divide-slate-100">
      {conversations.map((conversation) => {
        const { otherParticipant: other, lastMessage } = conversation;
        const selected = conversation.id === selectedId;
        const preview = lastMessage
          ? `${lastMessage.senderId === viewerId ? 'You: ' : ''}${lastMessage.content}`
          : 'No messages yet';
        return (
          <li key={conversation.id}>
            <button
              type="button"
              onClick={() => onSelect(conversation.id)}
              aria-current={selected ? 'true' : undefined}
              className={clsx(
                'flex w-full items-center gap-3 px-4 py-3 text-left transition hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset',
                selected && 'bg-teal-50 hover:bg-teal-50',
              )}
            >
              <ParticipantAvatar participant={other} />
              <span className="min-w-0 flex-1">
                <span className="flex items-baseline justify-between gap-2">
                  <span className="flex min-w-0 items-center gap-1.5">
                    <span className="truncate font-semibold text-slate-900">{other.displayName}</span>
                    {mutedIds?.has(conversation.id) ? <MutedMark /> : null}
                  </span>
                  <time
                    dateTime={lastMessage?.createdAt ?? conversation.updatedAt}
                    className="shrink-0 text-xs text-slate-600"
                  >
                    {messageTime(lastMessage?.createdAt ?? conversation.updatedAt, now)}
                  </time>
                </span>
                <span className="mt-0.5 flex items-center justify-between gap-2">
                  <span
                    className={clsx(
                      'truncate text-sm',
                      conversation.unreadCount > 0 ? 'font-medium text-slate-900' : 'text-slate-600',
                    )}
                  >
                    {preview}
                  </span>
                  <UnreadBadge count={conversation.unreadCount} />
                </span>
              </span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

/** Placeholder rows while the list loads. */
export function ConversationListSkeleton() {
  return (
    <div role="status" aria-label="Loading conversations" className="divide-y divide-slate-100">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex animate-pulse-late items-center gap-3 px-4 py-3">
          <span className="h-10 w-10 rounded-full bg-slate-200" />
          <span className="flex-1 space-y-2">
            <span className="block h-3 w-1/2 rounded bg-slate-200" />
            <span className="block h-3 w-3/4 rounded bg-slate-100" />
          </span>
        </div>
      ))}
    </div>
  );
}
