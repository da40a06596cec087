// One Socket.IO connection per signed-in tab. It rides the session cookie (same origin, through
// the gateway) over WebSocket only, and feeds what it hears into the query cache and live store.
import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { SOCKET_IO_PATH, SocketServerEvent, type CurrentUser } from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import { applyConversationUpdate } from '../api/use-conversations';
import { catchUpThreads, markThreads, mergeIntoThread, type ThreadMarks } from '../api/use-messages';
import { applyNewNotification } from '../api/use-notifications';
import { applyMessageToConversations } from '../api/messaging-cache';
import { activityThreadsKey, mergeActivityThreadMessage } from '../api/use-activity-threads';
import { conversationsKey, notificationsKey, unreadMessagesKey } from '../api/messaging-query-keys';
import { currentUserKey } from '../api/query-keys';
import { renewSession } from '../api/session-fetch';
import { onSignOutHere } from '../api/sign-out';
import { clearTyping, receiveReceipt, receiveTyping, resetLiveState } from './live-store';
import { SocketContext, type AppSocket } from './socket-context';

export { useSocket, type AppSocket } from './socket-context';

/** Renewals in a row that did not lead to a connection before the socket gives up. */
const MAX_RENEWALS = 3;

/**
 * The server closes a socket when its access token expires, and refuses the reconnect of a tab
 * that has made no request since (its cookie is still the expired one): renew the cookie, as a
 * request's 401 would, and connect again. Not when the session is gone, nor in a loop.
 */
function renewOnRefusal(socket: AppSocket): void {
  let renewals = 0;
  socket.on('connect', () => {
    renewals = 0;
  });
  socket.on('connect_error', (error) => {
    if (error.message !== 'Unauthorized' || socket.active || renewals >= MAX_RENEWALS) return;
    renewals += 1;
    void renewSession().then((renewed) => {
      if (renewed) setTimeout(() => socket.connect(), 500 * renewals);
    });
  });
}

/** Wires the server's events into the query cache and the live store. */
function listen(socket: AppSocket, queryClient: QueryClient, userId: string): void {
  renewOnRefusal(socket);
  let marks: ThreadMarks | undefined;
  socket.on('disconnect', (reason) => {
    marks = markThreads(queryClient);
    // The server ends the sockets of a session that is over (a logout in another tab, an account
    // deleted or suspended) and they do not reconnect by themselves. Ask: with no session left,
    // the answer's listener clears this tab as a logout would (lib/use-auth-sync.ts); with one,
    // it connects again.
    if (reason === 'io server disconnect') {
      void renewSession().then((renewed) => {
        const current = queryClient.getQueryData<CurrentUser | null>(currentUserKey);
        if (renewed && current?.id === userId) socket.connect();
      });
    }
  });
  socket.on('connect', () => {
    // Back after a drop, or up for the first time after the page's first reads: whatever
    // happened since comes over REST, merged by id. Only what is loaded is read again (open
    // threads from their newest message, lists on screen), so a first connect costs a request
    // or two, and a message sent while the socket was still loading is not missed.
    void catchUpThreads(queryClient, marks).catch(() => undefined);
    marks = undefined;
    void queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
    void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
    void queryClient.invalidateQueries({ queryKey: notificationsKey });
    // Activity threads are re-read whole (their newest page): small groups, short-lived.
    void queryClient.invalidateQueries({ queryKey: activityThreadsKey });
  });
  socket.on(SocketServerEvent.messageNew, (message) => {
    clearTyping(message.conversationId, message.senderId);
    mergeIntoThread(queryClient, message.conversationId, [message]);
    // The list row, the badge and the bell follow from the message itself: a send pushes no
    // `conversation:updated` (a read still does).
    applyMessageToConversations(queryClient, message, userId);
  });
  socket.on(SocketServerEvent.conversationUpdated, (conversation) => {
    applyConversationUpdate(queryClient, conversation);
  });
  socket.on(SocketServerEvent.typing, (indicator) => receiveTyping(indicator, userId));
  socket.on(SocketServerEvent.read, (receipt) => {
    receiveReceipt(receipt, userId);
    // The viewer read it in another tab: the badges follow.
    if (receipt.userId === userId) void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
  });
  socket.on(SocketServerEvent.notificationNew, (notification) =>
    applyNewNotification(queryClient, notification),
  );
  socket.on(SocketServerEvent.activityThreadMessage, (message) => {
    mergeActivityThreadMessage(queryClient, message);
    // A thread the list does not hold yet (the viewer was just accepted): read the list again.
    const threads = queryClient.getQueryData<{ postId: string }[]>(activityThreadsKey);
    if (threads && !threads.some((thread) => thread.postId === message.postId))
      void queryClient.invalidateQueries({ queryKey: activityThreadsKey, exact: true });
  });
}

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<AppSocket | null>(null);

  useEffect(() => {
    if (!userId) return;
    let current: AppSocket | null = null;
    let cancelled = false;
    // A sign-out closes the socket (or keeps it from opening) before the cache is cleared, so
    // nothing it hears meanwhile writes the old session's data back.
    const stopWatching = onSignOutHere(() => {
      cancelled = true;
      current?.disconnect();
      resetLiveState();
    });
    // Loaded once someone is signed in, so visitors never download the client.
    // The circle threads' handlers come with the client, off the first load.
    void Promise.all([import('socket.io-client'), import('./circle-thread-events')]).then(
      ([{ io }, circles]) => {
        if (cancelled) return;
        current = io({ path: SOCKET_IO_PATH, transports: ['websocket'], withCredentials: true });
        listen(current, queryClient, userId);
        circles.listenToCircleThreads(current, queryClient, userId);
        setSocket(current);
      },
    );
    return () => {
      cancelled = true;
      stopWatching();
      current?.disconnect();
      setSocket(null);
      resetLiveState();
    };
  }, [userId, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
