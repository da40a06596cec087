import { SocketClientEvent, socketSendInputSchema } from '@saathi/contracts';
import type { ChatMessage, SendMessageBody, SocketSendAck } from '@saathi/contracts';
import { logFailure, mapError, newTraceId } from '@saathi/platform';
import type { AuthUser, Logger } from '@saathi/platform';
import type { RequestMeta } from '../use-cases/messaging-core';
import type { CountSocketEvent } from './socket-metrics';
import type { MessagingServer } from './socket-server';
import type { UserSocketLimits } from './user-socket-limits';

export interface SocketSendDeps {
  /** The very use case `POST /api/messages` calls: same checks, limits, answers and idempotency. */
  sendMessage(user: AuthUser, body: SendMessageBody, meta: RequestMeta): Promise<ChatMessage>;
  revokedSessions: { has(sessionId: string): boolean };
  /** The sender's send bucket, shared by their sockets on this process (user-socket-limits.ts). */
  limits: Pick<UserSocketLimits, 'bucketsOf'>;
  countEvent: CountSocketEvent;
  logger: Logger;
}

/** What the HTTP route answers when identity has ended the caller's session. */
const UNAUTHORIZED = 'Unauthorized';
const TOO_FAST = 'You are sending messages too fast, please slow down.';

/**
 * `message:send` on an open socket: the HTTP send without a proxy hop, an auth check and a
 * request per message. The payload is validated with the route's own schema and refusals carry
 * the status and message the route would have answered, so a client can fall back to HTTP (or
 * back from it) with the same `clientMessageId` and get the same result.
 */
export function handleSocketSends(io: MessagingServer, deps: SocketSendDeps): void {
  io.on('connection', (socket) => {
    socket.on(SocketClientEvent.messageSend, (input: unknown, ack: unknown) => {
      deps.countEvent(SocketClientEvent.messageSend, 'in');
      // Without an ack the sender could never learn the outcome or the message's id: refused unheard.
      if (typeof ack !== 'function') return;
      const answer = ack as (answer: SocketSendAck) => void;
      const buckets = deps.limits.bucketsOf(socket.data.user.id);
      if (!buckets?.send.take()) {
        deps.countEvent(SocketClientEvent.messageSend, 'refused');
        answer({ ok: false, status: 429, message: TOO_FAST });
        return;
      }
      sendFromSocket(socket.data.user, input, deps).then(answer, (err: unknown) => {
        deps.logger.error({ err }, 'socket send failed');
        answer({ ok: false, status: 500, message: 'Internal Server Error' });
      });
    });
  });
}

async function sendFromSocket(user: AuthUser, input: unknown, deps: SocketSendDeps): Promise<SocketSendAck> {
  // The handshake was checked once; a session revoked since (its disconnect may still be on its
  // way from another replica) sends nothing more.
  if (deps.revokedSessions.has(user.sessionId)) return { ok: false, status: 401, message: UNAUTHORIZED };
  const parsed = socketSendInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid request' };
  try {
    const message = await deps.sendMessage(user, parsed.data, { traceId: newTraceId() });
    return { ok: true, message };
  } catch (err) {
    // The HTTP error handler's own mapping, so both paths refuse with the same words.
    const mapped = mapError(err);
    if (mapped.status >= 500) logFailure(deps.logger, err, mapped, 'socket send failed');
    return { ok: false, status: mapped.status, message: mapped.body.message };
  }
}
