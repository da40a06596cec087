import type {
  ActivityThreadMessage,
  ChatMessage,
  CircleThreadMessage,
  Conversation,
  EventData,
  notificationUpsertedV1,
  ReadReceipt,
} from '@saathi/contracts';

/**
 * What the use cases push after a commit. The Socket.IO server implements it; use cases never
 * see sockets, and a push that finds nobody connected is simply dropped (clients catch up over
 * REST with `after`).
 */
export interface Pusher {
  messageNew(recipients: readonly string[], message: ChatMessage): void;
  conversationUpdated(userId: string, conversation: Conversation): void;
  read(userId: string, receipt: ReadReceipt): void;
  /** A group thread's message to each member's own room (activity-thread-push.ts). */
  activityThreadMessage(recipients: readonly string[], message: ActivityThreadMessage): void;
  circleThreadMessage(recipients: readonly string[], message: CircleThreadMessage): void;
  /** notification's bell item, to the recipient's room. */
  notificationNew(
    userId: string,
    notification: EventData<typeof notificationUpsertedV1>['notification'],
  ): void;
  /** Whether the user has a socket connected anywhere (every replica in cluster mode). */
  isOnline(userId: string): Promise<boolean>;
}

/** The room a user's sockets join: every push to a user goes to it, never to a socket id. */
export const userRoom = (userId: string): string => `user:${userId}`;
