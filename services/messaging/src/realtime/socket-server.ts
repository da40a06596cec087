import { createAdapter } from '@socket.io/redis-streams-adapter';
import { Redis } from 'ioredis';
import { Server } from 'socket.io';
import type { Socket } from 'socket.io';
import {
  MessagingMessages,
  SOCKET_IO_PATH,
  SocketClientEvent,
  SocketServerEvent,
  typingInputSchema,
} from '@saathi/contracts';
import type { ClientToServerEvents, ServerToClientEvents, SocketAck } from '@saathi/contracts';
import { createAccessTokenVerifier } from '@saathi/platform';
import type { App, AuthUser, Logger } from '@saathi/platform';
import type { Membership } from '../db/conversations-repository';
import { handshakeUser } from './socket-auth';
import { registerSocketMetrics } from './socket-metrics';
import type { CountSocketEvent } from './socket-metrics';
import { userRoom } from './pusher';
import { pushActivityThreadMessage } from './activity-thread-push';
import { pushCircleThreadMessage } from './circle-thread-push';
import { createReplicaPresence } from './replica-presence';
import type { PresenceEvents } from './replica-presence';
import type { Pusher } from './pusher';
import { keepSocketStreamShort, SOCKET_STREAM } from './stream-retention';
import { createUserSocketLimits } from './user-socket-limits';
import type { UserSocketLimits } from './user-socket-limits';

/**
 * The largest thing a client sends is a `message:send`: 2000 characters of content, at most 6
 * bytes each JSON-escaped, is 12 KB (the web sends longer ones over HTTP, which answers the 400).
 * Anything past this is no client of ours.
 */
export const SOCKET_MAX_BUFFER_BYTES = 16 * 1024;
/** Conversations a socket remembers being in (typing checks membership once per conversation). */
const MEMBERSHIP_CACHE_SIZE = 200;
/** The handshake's refusal past MAX_SOCKETS_PER_USER (the client sees it as a `connect_error`). */
export const TOO_MANY_SOCKETS = 'Too many open connections';
/** `message:send`'s 429 shape, so a client reads a rate refusal alike on both events. */
const TYPING_TOO_FAST: Extract<SocketAck, { ok: false }> = {
  ok: false,
  status: 429,
  message: 'You are sending typing updates too fast, please slow down.',
};

interface SocketData {
  user: AuthUser;
  /** When the handshake's access token expires; the transport is closed then. */
  expiresAtMs: number;
  /** conversation id → the other participant, for conversations this user is in. */
  memberships: Map<string, string>;
}

/** What the messaging replicas tell each other (`serverSideEmit`, through the Redis adapter). */
type ReplicaEvents = PresenceEvents;

export type MessagingServer = Server<ClientToServerEvents, ServerToClientEvents, ReplicaEvents, SocketData>;
type MessagingSocket = Socket<ClientToServerEvents, ServerToClientEvents, ReplicaEvents, SocketData>;

export interface SocketServerOptions {
  publicKey: string;
  revokedSessions: { has(sessionId: string): boolean };
  /** Redis for the streams adapter (replicas share rooms); null keeps rooms in this process. */
  redisUrl: string | null;
  logger: Logger;
  membershipOf(userId: string, conversationId: string): Promise<Membership | undefined>;
  /**
   * What keeps typing from passing between the two in this conversation, if anything: either has
   * blocked the other, or its request was declined. Asked on every typing change.
   */
  typingBarrier(
    conversationId: string,
    userId: string,
    otherId: string,
  ): Promise<'blocked' | 'declined' | undefined>;
  /** When set, a handshake whose Origin is not this one is refused (config SOCKET_ORIGIN). */
  allowedOrigin?: string;
  /**
   * The clock the per-user rate buckets refill by, in ms (the service's clock, so tests move it
   * by hand instead of waiting on a machine that may be slow); Date.now by default.
   */
  now?: () => number;
}

export interface SocketServer {
  io: MessagingServer;
  pusher: Pusher;
  /** Counts a client event or a push in `messaging_socket_events_total`. */
  countEvent: CountSocketEvent;
  /** Disconnects this process's sockets of the given sessions (identity revoked them). */
  disconnectSessions(sessionIds: readonly string[]): void;
  /** Per-person socket counts and rate buckets on this process. */
  limits: UserSocketLimits;
}

/**
 * Socket.IO on the messaging app's own HTTP server, at /socket.io. A handshake must carry a
 * valid access-token cookie of a live session; the socket then joins its user's room and
 * nothing else, so every push reaches exactly the user it names.
 */
export function attachSocketServer(app: App, options: SocketServerOptions): SocketServer {
  const io: MessagingServer = new Server(app.server, {
    path: SOCKET_IO_PATH,
    serveClient: false,
    maxHttpBufferSize: SOCKET_MAX_BUFFER_BYTES,
    // The app connects by websocket only (web/src/realtime/socket-provider.tsx): HTTP long-polling
    // would be a second way in, with its own cookie-carrying GETs and POSTs, that nothing uses.
    transports: ['websocket'],
    // A client that opens the websocket but never joins (never sends its CONNECT) holds a socket
    // and a slot of the per-IP cap until this ends it; the default, 45 s, is a long time for
    // something a browser does in one round trip.
    connectTimeout: 5_000,
    // Cross-site websocket hijacking: a page elsewhere could open a socket with the person's
    // cookie. Checked before anything else of the handshake is read.
    allowRequest: (request, callback) => {
      callback(null, !options.allowedOrigin || request.headers.origin === options.allowedOrigin);
    },
  });
  let redis: Redis | undefined;
  let stopTrimming = () => {};
  if (options.redisUrl) {
    redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2 });
    redis.on('error', (err) => options.logger.warn({ err }, 'socket.io redis error'));
    io.adapter(createAdapter(redis, { streamName: SOCKET_STREAM, maxLen: 10_000 }));
    stopTrimming = keepSocketStreamShort(redis, (err: unknown) =>
      options.logger.warn({ err }, 'socket.io stream trim failed'),
    );
  }

  // With Redis, the replicas tell each other who is connected (replica-presence.ts).
  const presence = createReplicaPresence(redis ? io : undefined, options.now, (err: unknown) =>
    options.logger.warn({ err }, 'presence announcement failed'),
  );
  const countEvent = registerSocketMetrics(app, io, presence);

  const verify = createAccessTokenVerifier(options.publicKey);
  const limits = createUserSocketLimits(options.now);
  io.use((socket, next) => {
    const user = handshakeUser(socket.request.headers.cookie, verify, options.revokedSessions);
    if (!user?.tokenExpiresAtMs) {
      next(new Error('Unauthorized'));
      return;
    }
    if (!limits.hasRoom(user.id)) {
      next(new Error(TOO_MANY_SOCKETS));
      return;
    }
    socket.data.user = user;
    socket.data.memberships = new Map();
    socket.data.expiresAtMs = user.tokenExpiresAtMs;
    next();
  });

  io.on('connection', (socket) => {
    const userId = socket.data.user.id;
    // Not in socket.data, which the Redis adapter would serialise if a replica fetched sockets.
    const buckets = limits.join(userId);
    presence.connected(userId);
    // The token let this socket in for its lifetime, no longer: otherwise a copied access cookie
    // would keep a socket hearing someone's messages until they signed out. The transport is
    // closed, not the socket disconnected, so the client reconnects by itself with the cookie it
    // holds now (the web renews an expired one when the handshake is refused).
    const expiry = setTimeout(
      () => socket.conn.close(),
      Math.max(0, socket.data.expiresAtMs - Date.now()),
    ).unref();
    socket.on('disconnect', () => {
      clearTimeout(expiry);
      limits.leave(userId);
      presence.disconnected(userId);
    });
    void socket.join(userRoom(userId));
    socket.on(SocketClientEvent.typing, (input, ack) => {
      countEvent(SocketClientEvent.typing, 'in');
      // Before the membership lookup, so a flood of unknown conversations costs no queries either.
      if (!buckets.typing.take()) {
        countEvent(SocketClientEvent.typing, 'refused');
        // Typing is best effort: the change is dropped, not queued.
        if (typeof ack === 'function') ack(TYPING_TOO_FAST);
        return;
      }
      relayTyping(socket, input, options).then(
        (answer) => {
          if (typeof ack === 'function') ack(answer);
        },
        (err: unknown) => {
          options.logger.warn({ err }, 'typing relay failed');
          if (typeof ack === 'function') ack({ ok: false, message: 'Something went wrong' });
        },
      );
    });
  });

  app.addHook('preClose', (done) => {
    // Open websockets would keep the HTTP server from closing. Their transports are closed, not
    // the sockets disconnected: a client told 'io server disconnect' never reconnects by itself,
    // so every open tab would stay deaf after a deploy. A closed transport it reconnects (to
    // another replica, or to this one restarted) and catches up over REST.
    io.engine.close();
    done();
  });
  app.addHook('onClose', async () => {
    presence.stop();
    stopTrimming();
    await io.of('/').adapter.close();
    if (redis) await redis.quit().catch(() => undefined);
  });

  const pusher: Pusher = {
    messageNew(recipients, message) {
      countEvent(SocketServerEvent.messageNew, 'out');
      io.to(recipients.map(userRoom)).emit(SocketServerEvent.messageNew, message);
    },
    conversationUpdated(userId, conversation) {
      countEvent(SocketServerEvent.conversationUpdated, 'out');
      io.to(userRoom(userId)).emit(SocketServerEvent.conversationUpdated, conversation);
    },
    read(userId, receipt) {
      countEvent(SocketServerEvent.read, 'out');
      io.to(userRoom(userId)).emit(SocketServerEvent.read, receipt);
    },
    activityThreadMessage: pushActivityThreadMessage(io),
    circleThreadMessage: pushCircleThreadMessage(io),
    notificationNew(userId, notification) {
      io.to(userRoom(userId)).emit(SocketServerEvent.notificationNew, notification);
    },
    isOnline(userId) {
      return Promise.resolve(presence.isOnline(userId));
    },
  };

  return {
    io,
    pusher,
    countEvent,
    limits,
    disconnectSessions(sessionIds) {
      const ended = new Set(sessionIds);
      for (const socket of io.of('/').sockets.values())
        if (ended.has(socket.data.user.sessionId)) socket.disconnect(true);
    },
  };
}

/**
 * Relays a typing indicator to the other participant; only a participant may send one, not
 * between a blocked pair (message:send's refusal), and not into a declined request. Membership
 * is remembered per socket but the block and the request's state are asked each time: a block or
 * a decline made while both are connected applies at once. The typing rate bounds those probes.
 */
async function relayTyping(
  socket: MessagingSocket,
  input: unknown,
  options: Pick<SocketServerOptions, 'membershipOf' | 'typingBarrier'>,
): Promise<SocketAck> {
  const parsed = typingInputSchema.safeParse(input);
  if (!parsed.success) return { ok: false, message: MessagingMessages.conversationNotFound };
  const { conversationId, typing } = parsed.data;
  const { user, memberships } = socket.data;
  let otherId = memberships.get(conversationId);
  if (!otherId) {
    const membership = await options.membershipOf(user.id, conversationId);
    if (!membership) return { ok: false, message: MessagingMessages.conversationNotFound };
    otherId = membership.otherId;
    if (memberships.size >= MEMBERSHIP_CACHE_SIZE) memberships.clear();
    memberships.set(conversationId, otherId);
  }
  const barrier = await options.typingBarrier(conversationId, user.id, otherId);
  if (barrier === 'blocked') return { ok: false, status: 403, message: MessagingMessages.cannotMessage };
  // Whoever declined a request hears nothing more of it, and its sender is not told (as on a send).
  // Nor does a request's sender hear its recipient typing before they accept it: that would say
  // the request was opened. Either way the typer gets the usual answer.
  if (barrier === 'declined') return { ok: true };
  socket.to(userRoom(otherId)).emit(SocketServerEvent.typing, { conversationId, userId: user.id, typing });
  return { ok: true };
}
