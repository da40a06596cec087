import { MESSAGE_CONTENT_MAX, SocketClientEvent } from '@saathi/contracts';
import type { ChatMessage, SendMessageBody, SocketSendAck } from '@saathi/contracts';
import type { AppSocket } from '../realtime/socket-context';
import { ApiError } from './api-error';

/** How long a socket send may go unanswered before the same message goes over HTTP. */
export const SOCKET_SEND_TIMEOUT_MS = 5_000;

/** What `sendOverSocket` needs of the socket (the test passes a stand-in). */
export type SendSocket = Pick<AppSocket, 'connected' | 'timeout'>;

/**
 * Sends a message on the open socket, skipping the HTTP round trip through the gateway. Null when
 * the socket cannot answer it — not connected, no `clientMessageId` (a fallback could then store
 * it twice), longer than the route allows (HTTP answers that 400), or no ack in time: the caller
 * then posts it over HTTP with the same `clientMessageId`, which answers the copy the socket
 * stored if it did. A refusal throws the ApiError the HTTP route would have answered.
 */
export async function sendOverSocket(
  socket: SendSocket | null,
  body: SendMessageBody,
  timeoutMs = SOCKET_SEND_TIMEOUT_MS,
): Promise<ChatMessage | null> {
  if (!socket?.connected || !body.clientMessageId || body.content.length > MESSAGE_CONTENT_MAX) return null;
  let ack: SocketSendAck;
  try {
    // Socket.IO's types lose the ack's shape behind timeout(); ClientToServerEvents declares it.
    ack = (await socket.timeout(timeoutMs).emitWithAck(SocketClientEvent.messageSend, body)) as SocketSendAck;
  } catch {
    return null;
  }
  if (ack.ok) return ack.message;
  throw new ApiError(ack.status, { body: { message: ack.message }, serverMessage: ack.message });
}
