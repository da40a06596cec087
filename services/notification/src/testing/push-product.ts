// Drives a running product (embedded or cluster) through its gateway for the Web Push tests and
// the push bench: people who register, talk, subscribe a browser, and open or close their tab.
import { randomBytes } from 'node:crypto';
import { io as connectSocket } from 'socket.io-client';
import type { Socket } from 'socket.io-client';
import { ACCESS_COOKIE, SOCKET_IO_PATH } from '@saathi/contracts';
import type { PushEndpoint } from './push-endpoint';
import { testSubscription } from './push-endpoint';

export interface ProductPerson {
  id: string;
  username: string;
  cookie: string;
}

export async function productCall(
  origin: string,
  person: ProductPerson | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(origin + path, {
    method,
    headers: {
      origin,
      ...(person ? { cookie: person.cookie } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function ok(
  origin: string,
  person: ProductPerson | null,
  method: string,
  path: string,
  body?: unknown,
) {
  const answer = await productCall(origin, person, method, path, body);
  if (answer.status >= 300)
    throw new Error(`${method} ${path} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** Registers someone through identity (their name is their username: no first name). */
export async function registerPerson(origin: string, name: string): Promise<ProductPerson> {
  const username = `${name}_${randomBytes(4).toString('hex')}`;
  const response = await fetch(`${origin}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      phone: '9876543210',
      password: 'push-test-secret-1',
    }),
  });
  if (response.status !== 201)
    throw new Error(`registration answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .find((pair) => pair.startsWith(`${ACCESS_COOKIE}=`));
  if (!cookie) throw new Error('no access cookie at registration');
  return { id: ((await response.json()) as { id: string }).id, username, cookie };
}

/** A conversation `from` started and `to` accepted (a first one is a request until then). */
export async function acceptedConversation(
  origin: string,
  from: ProductPerson,
  to: ProductPerson,
): Promise<string> {
  const started = (await ok(origin, from, 'POST', '/api/conversations', { participantId: to.id })) as {
    id: string;
  };
  await ok(origin, to, 'POST', `/api/conversations/${started.id}/accept`);
  return started.id;
}

export async function sendProductMessage(
  origin: string,
  from: ProductPerson,
  conversationId: string,
  content: string,
): Promise<void> {
  await ok(origin, from, 'POST', '/api/messages', { conversationId, content });
}

/** Subscribes a browser of the person to pushes at the test's push endpoint. */
export async function subscribeBrowser(origin: string, person: ProductPerson, endpoint: PushEndpoint) {
  const browser = testSubscription(endpoint);
  await ok(origin, person, 'POST', '/api/push/subscriptions', browser.body);
  return browser;
}

/** An open tab: a socket through the gateway, connected. */
export async function openTab(origin: string, person: ProductPerson): Promise<Socket> {
  const socket = connectSocket(origin, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    forceNew: true,
    reconnection: false,
    extraHeaders: { cookie: person.cookie, origin },
  });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}
