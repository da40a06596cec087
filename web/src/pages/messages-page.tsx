import { Link, useSearchParams } from 'react-router-dom';
import { ArrowLeft, MessageCircle } from 'lucide-react';
import clsx from 'clsx';
import { useCurrentUser } from '../api/use-current-user';
import { useActivityThreads } from '../api/use-activity-threads';
import { useCircleThreads } from '../api/use-circle-threads';
import { useConversations } from '../api/use-conversations';
import { useThread } from '../api/use-messages';
import { useMutes } from '../api/use-notice-settings';
import { ActivityThreadList, ActivityThreadView } from '../components/activity-thread';
import { CirclePageLink, CircleThreadList, CircleThreadView } from '../components/circle-thread';
import { ConversationList, ConversationListSkeleton } from '../components/conversation-list';
import { MeetupSafetyCard } from '../components/meetup-safety-card';
import { MessageRequestBar } from '../components/message-request-bar';
import { MessageThread } from '../components/message-thread';
import { NoticeCard } from '../components/notice-card';
import { Spinner } from '../components/spinner';
import { buttonPrimary, buttonSecondary } from '../components/ui';
import { hasReply, splitRequests } from '../lib/conversation-requests';
import { activeMute } from '../lib/mute-text';
import { useMinuteClock } from '../lib/use-minute-clock';
import { usePageTitle } from '../lib/use-page-title';

/** Conversations on the left, the open thread on the right; on phones one, then the other. */
export default function MessagesPage() {
  usePageTitle('Messages - Saathi');
  const { user, isLoading } = useCurrentUser();
  if (isLoading) return <Spinner />;
  if (!user) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-8">
        <NoticeCard icon={MessageCircle} title="Messages" className="py-12">
          <p className="mt-2 text-slate-600">Sign in to see your messages.</p>
          <Link to="/auth" className={`${buttonPrimary} mt-6`}>
            Sign In
          </Link>
        </NoticeCard>
      </div>
    );
  }
  return <Inbox viewerId={user.id} />;
}

function Inbox({ viewerId }: { viewerId: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const selectedId = searchParams.get('c');
  // An activity's group thread (`?box=activities&t=<postId>`), beside the 1:1 conversations.
  const threadId = searchParams.get('t');
  // A circle's thread (`?box=circles&k=<circleId>`), kept like the activity threads.
  const circleId = searchParams.get('k');
  const activityThreads = useActivityThreads();
  const circleThreads = useCircleThreads();
  const conversations = useConversations();
  const now = new Date(useMinuteClock());
  const all = conversations.data ?? [];
  const selected = all.find((conversation) => conversation.id === selectedId);
  const { inbox, requests } = splitRequests(all);
  // The Requests tab is in the address, so Back returns to it; opening a request stays in it.
  const box =
    searchParams.get('box') === 'circles' || circleId
      ? 'circles'
      : searchParams.get('box') === 'activities' || threadId
        ? 'activities'
        : searchParams.get('box') === 'requests' || selected?.isRequest
          ? 'requests'
          : 'inbox';
  const threads = activityThreads.data ?? [];
  const circles = circleThreads.data ?? [];
  const circleUnread = circles.reduce((sum, thread) => sum + thread.unreadCount, 0);
  const list = box === 'requests' ? requests : inbox;
  const thread = useThread(selectedId);
  const mutes = useMutes();
  const mutedIds = (kind: 'conversation' | 'activity') =>
    new Set(
      (mutes.data ?? []).filter((mute) => activeMute([mute], kind, mute.id, now)).map((mute) => mute.id),
    );

  const select = (
    conversationId: string | null,
    inBox: 'inbox' | 'requests' | 'activities' | 'circles' = box,
  ) =>
    setSearchParams(
      {
        ...(conversationId
          ? { [inBox === 'activities' ? 't' : inBox === 'circles' ? 'k' : 'c']: conversationId }
          : {}),
        ...(inBox === 'inbox' ? {} : { box: inBox }),
      },
      { replace: false },
    );
  const openId = box === 'activities' ? threadId : box === 'circles' ? circleId : selectedId;
  const tabClass = (active: boolean) =>
    clsx(
      'flex-1 border-b-2 px-2 py-2 text-sm font-medium',
      active ? 'border-teal-700 text-teal-900' : 'border-transparent text-slate-600 hover:text-slate-900',
    );

  return (
    <div className="mx-auto max-w-5xl md:px-4 md:py-6">
      <h1
        className={clsx(
          'px-4 pt-4 text-2xl font-semibold text-slate-900 md:px-0 md:pt-0',
          openId && 'sr-only md:not-sr-only',
        )}
      >
        Messages
      </h1>
      <div className="mt-3 grid h-[calc(100dvh-12rem)] min-h-[420px] overflow-hidden border-y border-slate-200 bg-white md:h-[calc(100dvh-10rem)] md:grid-cols-[minmax(0,320px)_minmax(0,1fr)] md:rounded-2xl md:border md:shadow-sm">
        <nav
          aria-label="Conversation list"
          className={clsx(
            'min-h-0 overflow-y-auto md:border-r md:border-slate-200',
            openId && 'hidden md:block',
          )}
        >
          <div role="tablist" aria-label="Mailboxes" className="flex border-b border-slate-200">
            <button
              type="button"
              role="tab"
              aria-selected={box === 'inbox'}
              className={tabClass(box === 'inbox')}
              onClick={() => select(null, 'inbox')}
            >
              Inbox
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={box === 'requests'}
              className={tabClass(box === 'requests')}
              onClick={() => select(null, 'requests')}
            >
              Requests{requests.length > 0 ? ` (${requests.length})` : ''}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={box === 'activities'}
              className={tabClass(box === 'activities')}
              onClick={() => select(null, 'activities')}
            >
              Activities{threads.length > 0 ? ` (${threads.length})` : ''}
            </button>
            <button
              type="button"
              role="tab"
              aria-selected={box === 'circles'}
              className={tabClass(box === 'circles')}
              onClick={() => select(null, 'circles')}
            >
              Circles{circleUnread > 0 ? ` (${circleUnread})` : ''}
            </button>
          </div>
          {box === 'circles' ? (
            circleThreads.isLoading ? (
              <ConversationListSkeleton />
            ) : circleThreads.isError ? (
              <p className="p-6 text-center text-sm text-slate-600">Could not load your circle threads.</p>
            ) : circles.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-600">
                No circle threads. Join a circle nearby and its thread appears here.{' '}
                <Link to="/circles" className="font-medium text-teal-800 underline">
                  Find circles
                </Link>
              </p>
            ) : (
              <CircleThreadList
                threads={circles}
                selectedId={circleId}
                viewerId={viewerId}
                onSelect={(id) => select(id, 'circles')}
              />
            )
          ) : box === 'activities' ? (
            activityThreads.isLoading ? (
              <ConversationListSkeleton />
            ) : activityThreads.isError ? (
              <p className="p-6 text-center text-sm text-slate-600">Could not load your activity threads.</p>
            ) : threads.length === 0 ? (
              <p className="p-6 text-center text-sm text-slate-600">
                No activity threads. When you are accepted to an activity (or accept someone to yours), its
                group thread appears here.
              </p>
            ) : (
              <ActivityThreadList
                threads={threads}
                selectedId={threadId}
                viewerId={viewerId}
                mutedIds={mutedIds('activity')}
                onSelect={(postId) => select(postId, 'activities')}
              />
            )
          ) : conversations.isLoading ? (
            <ConversationListSkeleton />
          ) : conversations.isError ? (
            <p className="p-6 text-center text-sm text-slate-600">Could not load your conversations.</p>
          ) : list.length === 0 && box === 'requests' ? (
            <p className="p-6 text-center text-sm text-slate-600">
              No message requests. First messages from people you have not talked to wait here.
            </p>
          ) : list.length === 0 ? (
            <div className="p-6 text-center">
              <MessageCircle className="mx-auto h-8 w-8 text-teal-700" aria-hidden="true" />
              <p className="mt-3 text-sm text-slate-600">
                No conversations yet. Message someone from a post to start one.
              </p>
            </div>
          ) : (
            <ConversationList
              conversations={list}
              selectedId={selectedId}
              viewerId={viewerId}
              now={now}
              mutedIds={mutedIds('conversation')}
              onSelect={select}
            />
          )}
        </nav>
        <div className={clsx('min-h-0', !openId && 'hidden md:block')}>
          {box === 'circles' && circleId ? (
            <CircleInboxThread
              key={circleId}
              circleId={circleId}
              name={circles.find((thread) => thread.circleId === circleId)?.name}
              closed={circles.find((thread) => thread.circleId === circleId)?.closed ?? false}
              viewerId={viewerId}
              onBack={() => select(null, 'circles')}
            />
          ) : box === 'circles' ? (
            <div className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-600">
              Choose a circle thread to read and reply.
            </div>
          ) : box === 'activities' && threadId ? (
            <ActivityThreadView
              key={threadId}
              postId={threadId}
              thread={threads.find((thread) => thread.postId === threadId)}
              viewerId={viewerId}
              now={now}
              onBack={() => select(null, 'activities')}
            />
          ) : box === 'activities' ? (
            <div className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-600">
              Choose an activity thread to read and reply.
            </div>
          ) : selectedId ? (
            <div className="flex h-full min-h-0 flex-col">
              {selected?.isRequest ? (
                <MessageRequestBar
                  conversationId={selectedId}
                  otherName={selected.otherParticipant.displayName}
                  onDeclined={() => select(null, 'requests')}
                />
              ) : null}
              {thread.data && !hasReply(thread.data.messages) ? (
                <MeetupSafetyCard key={selectedId} viewerId={viewerId} conversationId={selectedId} />
              ) : null}
              <div className="min-h-0 flex-1">
                <MessageThread
                  key={selectedId}
                  conversationId={selectedId}
                  conversation={selected}
                  viewerId={viewerId}
                  now={now}
                  onBack={() => select(null)}
                />
              </div>
            </div>
          ) : (
            <div className="flex h-full items-center justify-center p-6 text-center text-sm text-slate-600">
              Choose a conversation to read and reply.
            </div>
          )}
        </div>
      </div>
    </div>
  );
}

/** A circle's thread in the inbox's right column: its name, the way to its page, the thread. */
function CircleInboxThread({
  circleId,
  name,
  closed,
  viewerId,
  onBack,
}: {
  circleId: string;
  name: string | undefined;
  closed: boolean;
  viewerId: string;
  onBack: () => void;
}) {
  return (
    <section aria-labelledby="circle-thread-name" className="flex h-full min-h-0 flex-col">
      <CircleThreadView
        circleId={circleId}
        viewerId={viewerId}
        closed={closed}
        className="h-full"
        header={
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
              <h2 id="circle-thread-name" className="truncate font-semibold text-slate-900">
                {name ?? 'Circle thread'}
              </h2>
              <CirclePageLink circleId={circleId} />
            </div>
          </header>
        }
      />
    </section>
  );
}
