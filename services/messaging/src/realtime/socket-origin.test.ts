// Where the ingress sends `/socket.io` straight to messaging (Kubernetes), messaging itself
// refuses a handshake from another site's page, as the gateway does when it relays the sockets.
import { io as connectSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SOCKET_IO_PATH } from '@saathi/contracts';
import { buildUser, startTestMessaging } from '../testing/test-messaging';
import type { TestMessaging } from '../testing/test-messaging';

const SITE = 'https://saathi.example.org';
let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging({ SOCKET_ORIGIN: SITE });
});
afterAll(() => messaging.close());

/** Opens a socket with the person's cookie from a page at `origin` (none: not a browser). */
function openFrom(origin: string | undefined): Promise<string> {
  const socket = connectSocket(messaging.url, {
    path: SOCKET_IO_PATH,
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: messaging.cookieOf(buildUser()), ...(origin ? { origin } : {}) },
  });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', (error) => {
      socket.disconnect();
      resolve(error.message);
    });
  });
}

describe('SOCKET_ORIGIN', () => {
  it('lets the site’s own pages in and refuses every other origin, or none', async () => {
    expect(await openFrom(SITE)).toBe('connected');
    expect(await openFrom('https://evil.example.com')).not.toBe('connected');
    expect(await openFrom(undefined)).not.toBe('connected');
  });
});
