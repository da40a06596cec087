/**
 * Two messaging processes sharing Redis, in a real `npm run start:cluster`: a message sent
 * through one reaches a socket held by the other, directly and through the gateway (whose
 * websocket-only connections take turns over the replicas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { io as connectSocket } from 'socket.io-client';
import { randomUUID } from 'node:crypto';
import { SOCKET_IO_PATH, SocketClientEvent, SocketServerEvent } from '@saathi/contracts';
import { chatMessageSchema, startConversationResultSchema } from '@saathi/contracts';
import type { ChatMessage, SocketSendAck } from '@saathi/contracts';
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
    env: {
      // The burst registers 40 people from one address.
      RATE_LIMIT_REGISTER_PER_IP: '1000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_PER_MINUTE: '100000',
    },
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
    const elsewhereBefore = await gauge('messaging-1', 'messaging_presence_users_elsewhere');
    const raviSocket = await connect(direct('messaging-2'), ravi);
    // The other process announces Ravi's first socket: the first one learns it without asking.
    await waitUntil(
      'messaging-1 to hear that Ravi is online on messaging-2',
      async () => (await gauge('messaging-1', 'messaging_presence_users_elsewhere')) > elsewhereBefore,
      10_000,
    );
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

describe('a burst through two messaging processes', () => {
  const CONVERSATIONS = 20;
  const PER_SENDER = 50;

  it('stores each of 2,000 socket sends once, and delivers each once and in its sender’s order', async () => {
    // Twenty pairs; in each, one person holds a socket on each process, and both write at once.
    const people: Account[] = [];
    for (let batch = 0; batch < CONVERSATIONS * 2; batch += 8)
      people.push(
        ...(await Promise.all(
          Array.from({ length: Math.min(8, CONVERSATIONS * 2 - batch) }, (_, i) =>
            register(`b${batch + i}x`),
          ),
        )),
      );
    const pairs = await Promise.all(
      Array.from({ length: CONVERSATIONS }, async (_, n) => {
        const [first, second] = [people[2 * n]!, people[2 * n + 1]!];
        let id = '';
        await waitUntil(
          'messaging to know both people',
          async () => {
            const started = await post(cluster.gatewayUrl, '/api/conversations', first, {
              participantId: second.id,
            });
            id = startConversationResultSchema.safeParse(started.body).data?.id ?? '';
            return started.status === 200;
          },
          30_000,
        );
        return {
          id,
          first,
          second,
          sockets: [
            await connect(direct('messaging-1'), first),
            await connect(direct('messaging-2'), second),
          ],
        };
      }),
    );
    /** Every message:new each socket heard, in arrival order. */
    const heard = new Map<ClientSocket, ChatMessage[]>();
    for (const { sockets: both } of pairs)
      for (const socket of both) {
        const list: ChatMessage[] = [];
        heard.set(socket, list);
        socket.on(SocketServerEvent.messageNew, (message: ChatMessage) => list.push(message));
      }

    /** One person's messages, one after another, each acknowledged before the next. */
    const sendAll = async (socket: ClientSocket, conversation: string, who: string) => {
      const sent: ChatMessage[] = [];
      for (let n = 0; n < PER_SENDER; n++) {
        const input = { conversationId: conversation, content: `${who} ${n}`, clientMessageId: randomUUID() };
        for (;;) {
          const ack: SocketSendAck = await socket.emitWithAck(SocketClientEvent.messageSend, input);
          if (ack.ok) {
            sent.push(ack.message);
            break;
          }
          // The per-person send rate (5 a second after a burst of 20): wait and send the same again.
          expect(ack.status).toBe(429);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      return sent;
    };
    const sentByPair = await Promise.all(
      pairs.map(async ({ id, sockets: [one, two] }) =>
        Promise.all([sendAll(one!, id, 'first'), sendAll(two!, id, 'second')]),
      ),
    );

    // Stored once each.
    const client = new pg.Client({ connectionString: cluster.databaseUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ conversation_id: string; n: number; distinct_ids: number }>(
        `select conversation_id, count(*)::int as n, count(distinct client_message_id)::int as distinct_ids
         from messaging.messages where conversation_id = any($1::uuid[]) group by conversation_id`,
        [pairs.map((pair) => pair.id)],
      );
      expect(rows).toHaveLength(CONVERSATIONS);
      for (const row of rows) expect([row.n, row.distinct_ids]).toEqual([2 * PER_SENDER, 2 * PER_SENDER]);
    } finally {
      await client.end();
    }

    // Delivered once each to both sockets of the conversation, each sender's in the order sent.
    const ids = (messages: ChatMessage[]) => messages.map((message) => message.id);
    await waitUntil(
      'every message to reach both sockets',
      () =>
        Promise.resolve(
          pairs.every(({ sockets: both }) =>
            both.every((socket) => (heard.get(socket)?.length ?? 0) >= 2 * PER_SENDER),
          ),
        ),
      30_000,
    );
    for (const [n, { sockets: both }] of pairs.entries()) {
      const [byFirst, bySecond] = sentByPair[n]!;
      for (const socket of both) {
        const got = heard.get(socket)!;
        expect(got).toHaveLength(2 * PER_SENDER);
        expect(new Set(ids(got)).size).toBe(2 * PER_SENDER);
        expect(ids(got.filter((message) => message.senderId === byFirst[0]!.senderId))).toEqual(ids(byFirst));
        expect(ids(got.filter((message) => message.senderId === bySecond[0]!.senderId))).toEqual(
          ids(bySecond),
        );
      }
      // Stored times follow each sender's order too: the thread reads back as it was written.
      for (const own of [byFirst, bySecond]) {
        const times = own.map((message) => Date.parse(message.createdAt));
        expect(times).toEqual(times.toSorted((a, b) => a - b));
      }
    }
  }, 180_000);
});

/** A gauge of a messaging process, from its metrics. */
async function gauge(name: string, metric: string): Promise<number> {
  const metrics = await (await fetch(`${direct(name)}/metrics`)).text();
  // e.g. `messaging_sockets_connected{service="messaging"} 2`
  const line = metrics.split('\n').find((candidate) => candidate.startsWith(`${metric}{`));
  return Number(line?.split(' ').pop() ?? Number.NaN);
}

/** Sockets a messaging process holds. */
const socketCount = (name: string) => gauge(name, 'messaging_sockets_connected');
