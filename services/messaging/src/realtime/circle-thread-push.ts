import { SocketServerEvent } from '@saathi/contracts';
import type { CircleThreadMessage } from '@saathi/contracts';
import { userRoom } from './pusher';
import type { MessagingServer } from './socket-server';

/**
 * A circle thread message goes to each member's own room, as activity threads' do: no socket
 * joins a circle's room, so a member who leaves gets nothing from the next message on.
 */
export const pushCircleThreadMessage =
  (io: MessagingServer) =>
  (recipients: readonly string[], message: CircleThreadMessage): void => {
    if (recipients.length > 0)
      io.to(recipients.map(userRoom)).emit(SocketServerEvent.circleThreadMessage, message);
  };
