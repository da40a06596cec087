/**
 * Two messaging processes sharing Redis, in a real `npm run start:cluster`: a message sent
 * through one reaches a socket held by the other, directly and through the gateway (whose
 * websocket-only connections take turns over the replicas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { SOCKET_IO_PATH, SocketServerEvent } from '@saathi/contracts';
import { chatMessageSchema, startConversationResultSchema } from '@saathi/contracts';
import type { ChatMessage } from '@saathi/contracts';
import { startTestCluster, waitUntil } from '../../../infra/test/cluster-harness';
import type { TestCluster } from '../../../infra/test/cluster-harness';
import type { ClientSocket } from './testing/test-messaging';

let cluster: TestCluster;
const sockets: ClientSocket[] = [];

interface Account {
  id: string;
  cookie: string;
}

/** Registers through the gateway and keeps the session's cookies. */
async function register(name: string): Promise<Account> {
  const unique = `${name}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
  const response = await fetch(`${cluster.gatewayUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: unique,
      email: `${unique}@example.com`,
      phone: '9876543210',
      password: 'pass-word',
    }),
  });
  expect(response.status).toBe(201);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
  const me = await fetch(`${cluster.gatewayUrl}/api/auth/user`, { headers: { cookie } });
  return { id: ((await me.json()) as { id: string }).id, cookie };
}

async function post(
  base: string,
  path: string,
  account: Account,
  body: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(base + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: account.cookie },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

function connect(base: string, account: Account): Promise<ClientSocket> {
  const socket: ClientSocket = connectSocket(base, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    // The gateway accepts upgrades from the site's origin only; the services ignore it.
    extraHeaders: { cookie: account.cookie, origin: cluster.gatewayUrl },
  });
  sockets.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

const nextMessage = (socket: ClientSocket) =>
  new Promise<ChatMessage>((resolve) => socket.once(SocketServerEvent.messageNew, resolve));

const direct = (name: string) => `http://127.0.0.1:${cluster.ports[name]}`;

async function recipientOnline(messageId: string): Promise<boolean | undefined> {
  const client = new pg.Client({ connectionString: cluster.databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ online: boolean }>(
      `select (payload->'data'->>'recipientOnline')::boolean as online from messaging.outbox
       where type = 'messaging.message.sent.v1' and payload->'data'->>'messageId' = $1`,
      [messageId],
    );
    return rows[0]?.online;
  } finally {
    await client.end();
  }
}

let asha: Account;
let ravi: Account;
let conversationId = '';

beforeAll(async () => {
  cluster = await startTestCluster({
    replicas: { messaging: 2 },
    // The other replica's answer travels through Redis twice: on a busy machine that can take
    // longer than the 500 ms a send waits in production, which would read as "away". The test is
    // whether the answer is right, so it may take as long as the adapter itself waits (5 s).
    env: { PRESENCE_TIMEOUT_MS: '5000' },
  });
  asha = await register('asha');
  ravi = await register('ravi');
  // Messaging learns of new accounts from identity's events: start once it knows Ravi.
  await waitUntil(
    'messaging to know the new accounts',
    async () => {
      const started = await post(cluster.gatewayUrl, '/api/conversations', asha, {
        participantId: ravi.id,
      });
      conversationId = startConversationResultSchema.safeParse(started.body).data?.id ?? '';
      return started.status === 200;
    },
    30_000,
  );
}, 150_000);

afterAll(async () => {
  for (const socket of sockets) socket.disconnect();
  await cluster?.close();
}, 60_000);

describe('messaging with two processes sharing Redis', () => {
  it('delivers a message sent through one process to a socket held by the other, and sees the recipient online', async () => {
    const raviSocket = await connect(direct('messaging-2'), ravi);
    const received = nextMessage(raviSocket);
    const sent = await post(direct('messaging-1'), '/api/messages', asha, {
      conversationId,
      content: 'Across processes',
    });
    expect(sent.status).toBe(201);
    const message = chatMessageSchema.parse(sent.body);
    expect(await received).toEqual(message);
    await waitUntil(
      'the message.sent event',
      async () => (await recipientOnline(message.id)) !== undefined,
      10_000,
    );
    expect(await recipientOnline(message.id)).toBe(true);
    raviSocket.disconnect();
  });

  it('reports the recipient away when no process holds a socket of theirs', async () => {
    const sent = await post(direct('messaging-2'), '/api/messages', asha, {
      conversationId,
      content: 'Nobody home',
    });
    expect(sent.status).toBe(201);
    const message = chatMessageSchema.parse(sent.body);
    await waitUntil(
      'the message.sent event',
      async () => (await recipientOnline(message.id)) !== undefined,
      10_000,
    );
    expect(await recipientOnline(message.id)).toBe(false);
  });

  it('through the gateway: sockets land on both processes and each gets the other’s messages', async () => {
    const countsBefore = await Promise.all(['messaging-1', 'messaging-2'].map(socketCount));
    const raviSocket = await connect(cluster.gatewayUrl, ravi);
    const ashaSocket = await connect(cluster.gatewayUrl, asha);
    const countsAfter = await Promise.all(['messaging-1', 'messaging-2'].map(socketCount));
    // One new socket on each process.
    expect(countsAfter.map((count, i) => count - (countsBefore[i] ?? 0))).toEqual([1, 1]);

    const toRavi = nextMessage(raviSocket);
    const toAsha = nextMessage(ashaSocket);
    const sent = await post(cluster.gatewayUrl, '/api/messages', asha, {
      conversationId,
      content: 'Through the gateway',
    });
    expect(sent.status).toBe(201);
    const message = chatMessageSchema.parse(sent.body);
    expect(await toRavi).toEqual(message);
    expect(await toAsha).toEqual(message);
  });

  it('refuses a socket through the gateway without a session', async () => {
    await expect(connect(cluster.gatewayUrl, { id: '', cookie: '' })).rejects.toThrow('Unauthorized');
  });
});

/** Sockets a messaging process holds, from its metrics. */
async function socketCount(name: string): Promise<number> {
  const metrics = await (await fetch(`${direct(name)}/metrics`)).text();
  // e.g. `messaging_sockets_connected{service="messaging"} 2`
  const line = metrics.split('\n').find((candidate) => candidate.startsWith('messaging_sockets_connected{'));
  return Number(line?.split(' ').pop() ?? Number.NaN);
}
