import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { ACCESS_COOKIE, SOCKET_IO_PATH, userBlockedV1, userRegisteredV1 } from '@saathi/contracts';
import type {
  ClientToServerEvents,
  EventData,
  EventDefinition,
  ServerToClientEvents,
  SocketAck,
} from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { App, AuthUser, ServiceDeps } from '@saathi/platform';
import { buildTestUser, startTestService, waitFor } from '@saathi/platform/testing';
import type { TestClock, TestDatabase } from '@saathi/platform/testing';
import type { Config } from '../config';
import { messagingService } from '../index';

export type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

export interface TestMessaging {
  app: App;
  /** Where the app listens (sockets need a real server). */
  url: string;
  database: TestDatabase;
  deps: ServiceDeps<Config>;
  clock: TestClock;
  /** The Cookie header identity's access token would set for this user. */
  /** The user's access cookie (its token lives 10 minutes unless told). */
  cookieOf(user: AuthUser, ttlSeconds?: number): string;
  /** A user identity has registered (the projection has their names). */
  register(user: AuthUser, names?: { firstName?: string | null; lastName?: string | null }): Promise<void>;
  /**
   * Publishes an event on the service's bus, as another service's outbox relay would (as of
   * `occurredAt`, now by default); resolves to the envelope's id.
   */
  publish<E extends EventDefinition>(event: E, data: EventData<E>, occurredAt?: Date): Promise<string>;
  /** A connected socket of the user (rejects when the server refuses it). */
  connect(user: AuthUser | null, cookie?: string): Promise<ClientSocket>;
  /** Injects a request as the user. */
  call(
    user: AuthUser | null,
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    payload?: Record<string, unknown>,
  ): Promise<LightMyRequestResponse>;
  /** Starts (or reuses) the pair's conversation and returns its id. */
  start(user: AuthUser, other: AuthUser): Promise<string>;
  /** Two new registered people and their conversation. */
  pair(): Promise<{ asha: AuthUser; ravi: AuthUser; conversation: string }>;
  /** Publishes identity's block and waits until messaging's projection holds it. */
  block(blocker: { id: string }, blocked: { id: string }): Promise<void>;
  /** Sends a message and returns it. */
  send(user: AuthUser, conversationId: string, content: string): Promise<{ id: string; createdAt: string }>;
  outbox(type: string): Promise<Record<string, unknown>[]>;
  rows<T extends Record<string, unknown>>(query: SQL): Promise<T[]>;
  close(): Promise<void>;
}

/** Everything a socket receives, by event name. */
export function recordEvents(socket: ClientSocket): Record<string, unknown[]> {
  const received: Record<string, unknown[]> = {};
  socket.onAny((event: string, payload: unknown) => {
    (received[event] ??= []).push(payload);
  });
  return received;
}

/** Says the user is (or stopped) typing in a conversation; resolves with the server's answer. */
export const emitTyping = (socket: ClientSocket, conversationId: string, on = true) =>
  new Promise<SocketAck>((resolve) => socket.emit('typing', { conversationId, typing: on }, resolve));

/** A signed-in user with a fresh id and username. */
export const buildUser = (overrides: Partial<AuthUser> = {}): AuthUser => buildTestUser(overrides, 'user');

/**
 * The messaging service, listening on loopback, on a fresh PostgreSQL database and the in-memory
 * bus; `env` over the test defaults.
 */
export async function startTestMessaging(env: Record<string, string> = {}): Promise<TestMessaging> {
  const messaging = await startTestService(messagingService, { env });
  const { app, database, clock } = messaging;
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const sockets: ClientSocket[] = [];

  const cookieOf = (user: AuthUser, ttlSeconds?: number) =>
    `${ACCESS_COOKIE}=${messaging.accessToken(user, ttlSeconds)}`;
  const publish: TestMessaging['publish'] = async (event, data, occurredAt) =>
    (await messaging.publish(event, data, occurredAt ?? new Date())).id;
  const call: TestMessaging['call'] = (user, method, path, payload) =>
    app.inject({
      method,
      url: path,
      ...(user ? { headers: { cookie: cookieOf(user) } } : {}),
      ...(payload ? { payload } : {}),
    });

  const harness: TestMessaging = {
    app,
    url,
    database,
    deps: messaging.deps,
    clock,
    cookieOf,
    publish,
    call,
    async register(user, names = {}) {
      await publish(userRegisteredV1, {
        userId: user.id,
        username: user.username,
        email: `${user.username}@example.com`,
        firstName: names.firstName ?? null,
        lastName: names.lastName ?? null,
        profileImageUrl: null,
      });
      await waitFor(
        async () =>
          (
            await queryRows(
              database.port.db,
              sql`select 1 from messaging.participants where user_id = ${user.id}::uuid`,
            )
          ).length > 0,
        5_000,
        `${user.username}'s registration`,
      );
    },
    connect(user, cookie) {
      const socket: ClientSocket = connectSocket(url, {
        path: SOCKET_IO_PATH,
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: cookie ?? (user ? cookieOf(user) : '') },
      });
      sockets.push(socket);
      return new Promise((resolve, reject) => {
        socket.once('connect', () => resolve(socket));
        socket.once('connect_error', reject);
      });
    },
    async start(user, other) {
      const response = await call(user, 'POST', '/api/conversations', { participantId: other.id });
      if (response.statusCode !== 200) throw new Error(`start answered ${response.statusCode}`);
      return response.json<{ id: string }>().id;
    },
    async pair() {
      const asha = buildUser();
      const ravi = buildUser();
      await harness.register(asha);
      await harness.register(ravi);
      return { asha, ravi, conversation: await harness.start(asha, ravi) };
    },
    async block(blocker, blocked) {
      await publish(userBlockedV1, { blockerId: blocker.id, blockedId: blocked.id });
      await waitFor(
        async () =>
          (
            await messaging.rows(
              sql`select 1 from messaging.blocks where blocker_id = ${blocker.id} and blocked_id = ${blocked.id}`,
            )
          ).length > 0,
        5_000,
        'the block',
      );
    },
    async send(user, conversationId, content) {
      const response = await call(user, 'POST', '/api/messages', { conversationId, content });
      if (response.statusCode !== 201) throw new Error(`send answered ${response.statusCode}`);
      return response.json<{ id: string; createdAt: string }>();
    },
    outbox: messaging.outbox,
    rows: messaging.rows,
    async close() {
      for (const socket of sockets) socket.disconnect();
      await messaging.close();
    },
  };
  return harness;
}
