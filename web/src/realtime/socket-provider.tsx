// One Socket.IO connection per signed-in tab. It rides the session cookie (same origin, through
// the gateway) over WebSocket only, and feeds what it hears into the query cache and live store.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_IO_PATH,
  SocketServerEvent,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@saathi/contracts';
import { useCurrentUser } from '../api/use-current-user';
import { applyConversationUpdate } from '../api/use-conversations';
import { catchUpThreads, mergeIntoThread } from '../api/use-messages';
import { applyNewNotification } from '../api/use-notifications';
import { conversationsKey, notificationsKey, unreadMessagesKey } from '../api/messaging-query-keys';
import { clearTyping, receiveReceipt, receiveTyping, resetLiveState } from './live-store';

export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const SocketContext = createContext<AppSocket | null>(null);

/** The live connection, or null while signed out or before it exists. */
export function useSocket(): AppSocket | null {
  return useContext(SocketContext);
}

export function SocketProvider({ children }: { children: ReactNode }) {
  const { user } = useCurrentUser();
  const userId = user?.id;
  const queryClient = useQueryClient();
  const [socket, setSocket] = useState<AppSocket | null>(null);

  useEffect(() => {
    if (!userId) return;
    const next: AppSocket = io({ path: SOCKET_IO_PATH, transports: ['websocket'], withCredentials: true });
    let connectedBefore = false;

    next.on('connect', () => {
      if (!connectedBefore) {
        connectedBefore = true;
        return;
      }
      // Back after a drop: whatever happened meanwhile comes over REST, merged by id.
      void catchUpThreads(queryClient).catch(() => undefined);
      void queryClient.invalidateQueries({ queryKey: conversationsKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
      void queryClient.invalidateQueries({ queryKey: notificationsKey });
    });
    next.on(SocketServerEvent.messageNew, (message) => {
      clearTyping(message.conversationId, message.senderId);
      mergeIntoThread(queryClient, message.conversationId, [message]);
    });
    next.on(SocketServerEvent.conversationUpdated, (conversation) => {
      applyConversationUpdate(queryClient, conversation);
    });
    next.on(SocketServerEvent.typing, (indicator) => receiveTyping(indicator, userId));
    next.on(SocketServerEvent.read, (receipt) => {
      receiveReceipt(receipt, userId);
      // The viewer read it in another tab: the badges follow.
      if (receipt.userId === userId) void queryClient.invalidateQueries({ queryKey: unreadMessagesKey });
    });
    next.on(SocketServerEvent.notificationNew, (notification) =>
      applyNewNotification(queryClient, notification),
    );

    setSocket(next);
    return () => {
      next.disconnect();
      setSocket(null);
      resetLiveState();
    };
  }, [userId, queryClient]);

  return <SocketContext.Provider value={socket}>{children}</SocketContext.Provider>;
}
