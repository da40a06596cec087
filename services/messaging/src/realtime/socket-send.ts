import { SocketClientEvent, socketSendInputSchema } from '@saathi/contracts';
import type { SocketSendAck } from '@saathi/contracts';
import { logFailure, mapError, newTraceId } from '@saathi/platform';
import type { AuthUser, Logger } from '@saathi/platform';
import { sendMessageAs } from '../use-cases/messages';
import type { SendCore } from '../use-cases/messages';
import type { MessagingCore } from '../use-cases/messaging-core';

/** What the HTTP route answers when identity has ended the caller's session. */
const UNAUTHORIZED = 'Unauthorized';
const TOO_FAST = 'You are sending messages too fast, please slow down.';

/**
 * The send's core, plus the socket server (its per-person send buckets on this process,
 * user-socket-limits.ts, and its event counts) and the process's revoked sessions.
 */
export type SocketSendCore = SendCore & Pick<MessagingCore, 'sockets' | 'revokedSessions' | 'logger'>;

/**
 * `message:send` on an open socket: the HTTP send without a proxy hop, an auth check and a
 * request per message. The payload is validated with the route's own schema and handed to the
 * very use case `POST /api/messages` runs (`sendMessageAs`: same checks, limits, answers and
 * idempotency); refusals carry the status and message the route would have answered, so a client
 * can fall back to HTTP (or back from it) with the same `clientMessageId` and get the same result.
 */
export function handleSocketSends(core: SocketSendCore): void {
  const { io, limits, countEvent } = core.sockets;
  const logger = core.logger.child({ component: 'socket.io' });
  io.on('connection', (socket) => {
    socket.on(SocketClientEvent.messageSend, (input: unknown, ack: unknown) => {
      countEvent(SocketClientEvent.messageSend, 'in');
      // Without an ack the sender could never learn the outcome or the message's id: refused unheard.
      if (typeof ack !== 'function') return;
      const answer = ack as (answer: SocketSendAck) => void;
      const buckets = limits.bucketsOf(socket.data.user.id);
      if (!buckets?.send.take()) {
        countEvent(SocketClientEvent.messageSend, 'refused');
        answer({ ok: false, status: 429, message: TOO_FAST });
        return;
      }
      sendFromSocket(core, logger, socket.data.user, input).then(answer, (err: unknown) => {
        logger.error({ err }, 'socket send failed');
        answer({ ok: false, status: 500, message: 'Internal Server Error' });
      });
    });
  });
}

async function sendFromSocket(
  core: SocketSendCore,
  logger: Logger,
  user: AuthUser,
  input: unknown,
): Promise<SocketSendAck> {
  // The handshake was checked once; a session revoked since (its disconnect may still be on its
  // way from another replica) sends nothing more.
  if (core.revokedSessions.has(user.sessionId)) return { ok: false, status: 401, message: UNAUTHORIZED };
  const parsed = socketSendInputSchema.safeParse(input);
  if (!parsed.success)
    return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? 'Invalid request' };
  try {
    const message = await sendMessageAs(core, user, parsed.data, newTraceId());
    return { ok: true, message };
  } catch (err) {
    // The HTTP error handler's own mapping, so both paths refuse with the same words.
    const mapped = mapError(err);
    if (mapped.status >= 500) logFailure(logger, err, mapped, 'socket send failed');
    return { ok: false, status: mapped.status, message: mapped.body.message };
  }
}
