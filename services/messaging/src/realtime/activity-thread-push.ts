import { SocketServerEvent } from '@saathi/contracts';
import type { ActivityThreadMessage } from '@saathi/contracts';
import { userRoom } from './pusher';
import type { MessagingServer } from './socket-server';

/**
 * A thread message goes to each member's own room, as every push does: no socket joins a
 * thread's room, so leaving a thread needs no socket bookkeeping, and a removed member gets
 * nothing from the next message on.
 */
export const pushActivityThreadMessage =
  (io: MessagingServer) =>
  (recipients: readonly string[], message: ActivityThreadMessage): void => {
    if (recipients.length > 0)
      io.to(recipients.map(userRoom)).emit(SocketServerEvent.activityThreadMessage, message);
  };
