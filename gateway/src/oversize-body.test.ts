/**
 * An upload too large for its route (issue 29): every ordinary client reads the 413, however
 * its bytes travel. The gateway answers before the body has arrived, so it must not reset the
 * connection under the client while the body is still coming (RFC 9112 §9.6: the reset can
 * erase the answer before the client reads it); it reads and drops the rest, within bounds.
 */
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '@saathi/platform';
import { LINGER_LIMITS } from './lingering-close';
import { allAt, closers, silentLogger, startGateway } from './test-upstreams';
import { TEST_ROUTES } from './testing/test-routes';

const { track, closeAll } = closers();
afterAll(closeAll);

const TOO_LARGE = { message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' };
/** How long the link in between holds the gateway's bytes before the client gets them. */
const LINK_DELAY_MS = 200;

let gatewayUrl = '';

beforeAll(async () => {
  // A service as the platform builds them: 1 MiB body limit, 413 as soon as the length says so.
  const service = await createApp({ name: 'feed', readiness: {}, logger: silentLogger });
  service.post('/api/posts', () => ({ ok: true }));
  const serviceUrl = await service.listen({ port: 0, host: '127.0.0.1' });
  track(() => service.close());
  const gateway = await startGateway({ upstreams: allAt(serviceUrl), routes: TEST_ROUTES });
  track(() => gateway.app.close());
  gatewayUrl = gateway.url;
});

/**
 * A link with latency between the client and the gateway, as the internet is: the gateway's
 * bytes reach the client `LINK_DELAY_MS` later, and a reset from the gateway is passed on at
 * once (a reset does not queue behind data; the receiving kernel drops what is unread).
 */
async function slowLink(target: string): Promise<string> {
  const { port, hostname } = new URL(target);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(port), hostname);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    }
    const timers = new Set<NodeJS.Timeout>();
    const later = (action: () => void) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        action();
      }, LINK_DELAY_MS);
      timers.add(timer);
    };
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => later(() => client.write(chunk)));
    upstream.on('end', () => later(() => client.end()));
    upstream.on('error', () => {
      for (const timer of timers) clearTimeout(timer);
      client.resetAndDestroy();
    });
    client.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  track(
    () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  );
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

describe('a body too large for its route', () => {
  it('reaches a fetch client as 413 with a message, even across a slow link', async () => {
    const viaLink = await slowLink(gatewayUrl);
    for (const base of [gatewayUrl, viaLink]) {
      const response = await fetch(`${base}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'x'.repeat(12 * 1024 * 1024) }),
      });
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual(TOO_LARGE);
    }
  });

  it('reads and drops only so much of the rest before closing', async () => {
    const { port } = new URL(gatewayUrl);
    // Half-open: it goes on sending after the gateway's FIN, as a client that never reads does.
    const socket = net.connect({ port: Number(port), host: '127.0.0.1', allowHalfOpen: true });
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    socket.on('error', () => undefined);
    const declared = 1024 * 1024 * 1024;
    socket.write(
      `POST /api/posts HTTP/1.1\r\nhost: saathi\r\ncontent-type: application/json\r\ncontent-length: ${declared}\r\n\r\n`,
    );
    // A client that never stops sending and never looks at the answer.
    const chunk = Buffer.alloc(256 * 1024, 'x');
    let sent = 0;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    let open = true;
    void closed.then(() => (open = false));
    while (open && sent < declared) {
      if (!socket.write(chunk))
        await Promise.race([closed, new Promise((resolve) => socket.once('drain', resolve))]);
      sent += chunk.length;
    }
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(answer).toContain('"code":"PAYLOAD_TOO_LARGE"');
    // Cut off near the bound, not after the gigabyte it announced (the bound is checked every
    // few milliseconds, and the kernels on both ends buffer some more).
    expect(sent).toBeLessThan(LINGER_LIMITS.maxBytes + 128 * 1024 * 1024);
  });
});
