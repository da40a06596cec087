/**
 * Websocket upgrades through the gateway's Socket.IO proxy: only from the site's own origin,
 * under the same per-IP limits as every request, and with messages capped at 1 MiB.
 */
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server as SocketServer } from 'socket.io';
import { io as connectSocket } from 'socket.io-client';
import type { Socket as ClientSocket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GatewayOptions } from './app';
import { WEBSOCKET_MAX_MESSAGE_BYTES, originsAllowedFor } from './proxy';
import { allAt, closers, startFakeService, startGateway } from './test-upstreams';
import type { Upstreams } from './routes';

const { track, closeAll } = closers();
afterAll(closeAll);

const SITE = 'http://localhost:3000';
let connectionsAtMessaging = 0;
const messageSizesAtMessaging: number[] = [];
let upstreams: Upstreams;
const held: (() => void)[] = [];
let holding = 0;
let uploadsAtIdentity = 0;

/** Messaging as Socket.IO with a far larger limit than the gateway's, so the gateway's is what shows. */
async function startMessaging(): Promise<string> {
  const server = createServer((_request, response) => response.end());
  const sockets = new SocketServer(server, { maxHttpBufferSize: 100 * 1024 * 1024 });
  sockets.on('connection', (socket) => {
    connectionsAtMessaging++;
    socket.on('echo', (text: string, ack: (length: number) => void) => {
      messageSizesAtMessaging.push(text.length);
      ack(text.length);
    });
    socket.on('send-me', (length: number) => socket.emit('big', 'x'.repeat(length)));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  track(() => new Promise<void>((resolve) => void sockets.close(() => resolve())));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  const identity = await startFakeService('identity', (app) => {
    app.addHook('onRequest', (request, _reply, done) => {
      if (request.url.startsWith('/api/upload')) uploadsAtIdentity++;
      done();
    });
    app.get('/api/users/hold', async () => {
      holding++;
      await new Promise<void>((resolve) => held.push(resolve));
      return { held: true };
    });
  });
  track(() => identity.app.close());
  upstreams = { ...allAt(identity.url), messaging: await startMessaging() };
});

async function gateway(options: Partial<GatewayOptions> = {}): Promise<string> {
  const { app, url } = await startGateway({ upstreams, trustProxy: ['127.0.0.1'], ...options });
  track(() => app.close());
  return url;
}

/** A raw websocket handshake to Socket.IO: the status it gets (101 when upgraded) and any body. */
function handshake(
  url: string,
  headers: Record<string, string>,
  path = '/socket.io/?EIO=4&transport=websocket',
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url + path, {
      agent: false,
      headers: {
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': 'dGhlIHNhbXBsZSBub25jZQ==',
        ...headers,
      },
    });
    req.on('upgrade', (response, socket) => {
      socket.destroy();
      resolve({ status: response.statusCode ?? 0, body: '' });
    });
    req.on('response', (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** What a socket's disconnect said, or `still open` if it had not disconnected within 5 s. */
const disconnectOf = (socket: ClientSocket): Promise<string> =>
  Promise.race([
    new Promise<string>((resolve) => socket.once('disconnect', resolve)),
    new Promise<string>((resolve) => setTimeout(() => resolve('still open'), 5000)),
  ]);

async function connectWebsocket(url: string, origin = SITE): Promise<ClientSocket> {
  const socket = connectSocket(url, {
    transports: ['websocket'],
    extraHeaders: { origin },
    reconnection: false,
  });
  track(() => Promise.resolve(socket.close()));
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('connect_error', reject);
  });
  return socket;
}

describe('websocket upgrades', () => {
  it('refuses an upgrade from another origin, or from none, with 403 before it reaches messaging', async () => {
    const url = await gateway({ publicOrigin: SITE });
    const before = connectionsAtMessaging;
    const tries: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'http://localhost:3000.evil.example' },
      {},
    ];
    for (const headers of tries) {
      const refused = await handshake(url, headers);
      expect(refused.status, JSON.stringify(headers)).toBe(403);
      expect(JSON.parse(refused.body)).toEqual({
        message: 'This origin may not open a websocket here.',
        code: 'ORIGIN_NOT_ALLOWED',
      });
    }
    expect(connectionsAtMessaging).toBe(before);
    await connectWebsocket(url, SITE);
    expect(connectionsAtMessaging).toBe(before + 1);
  });

  it('passes upgrades through the per-IP limits, without counting open websockets as requests in flight', async () => {
    const url = await gateway({ rateLimit: { store: 'memory', max: 3 } });
    const client = (ip: string) => ({ origin: SITE, 'x-forwarded-for': ip });
    for (let i = 0; i < 3; i++) expect((await handshake(url, client('198.51.100.1'))).status).toBe(101);
    expect((await handshake(url, client('198.51.100.1'))).status).toBe(429);

    // A client with 32 requests in flight may not open a websocket either.
    const busy = await gateway();
    const pending = Array.from({ length: 32 }, () =>
      fetch(`${busy}/api/users/hold`, { headers: { 'x-forwarded-for': '198.51.100.2' } }),
    );
    while (holding < 32) await new Promise((resolve) => setTimeout(resolve, 20));
    const refused = await handshake(busy, client('198.51.100.2'));
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body).code).toBe('TOO_MANY_IN_FLIGHT');
    for (const release of held.splice(0)) release();
    await Promise.all(pending);

    // Open websockets are connections, not requests: 40 of them leave room for requests.
    const sockets = await Promise.all(Array.from({ length: 40 }, () => connectWebsocket(busy)));
    expect(sockets.every((socket) => socket.connected)).toBe(true);
    expect((await fetch(`${busy}/api/users/u-1`)).status).toBe(200);
    for (const socket of sockets) socket.close();
  });

  it('closes a websocket that carries a message over 1 MiB, in either direction, without relaying it', async () => {
    const url = await gateway();
    const small = await connectWebsocket(url);
    expect(await small.timeout(5000).emitWithAck('echo', 'x'.repeat(512 * 1024))).toBe(512 * 1024);

    const before = messageSizesAtMessaging.length;
    const tooBig = await connectWebsocket(url);
    const closed = disconnectOf(tooBig);
    tooBig.emit('echo', 'x'.repeat(WEBSOCKET_MAX_MESSAGE_BYTES + 1));
    expect(await closed).toBe('transport close');
    expect(messageSizesAtMessaging.length).toBe(before);

    const receiver = await connectWebsocket(url);
    const gone = disconnectOf(receiver);
    let received = false;
    receiver.once('big', () => (received = true));
    receiver.emit('send-me', 2 * 1024 * 1024);
    expect(await gone).toBe('transport close');
    expect(received).toBe(false);
    expect(small.connected).toBe(true);
  });

  it('answers an upgrade anywhere but /socket.io with 400 instead of forwarding it', async () => {
    const url = await gateway();
    // Its body would never arrive: forwarded, it would hold a connection to identity.
    const res = await handshake(
      url,
      { origin: SITE, 'content-type': 'application/json', 'content-length': '7000000' },
      '/api/upload/profile-image',
    );
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual({ message: 'Bad Request', code: 'UPGRADE_NOT_SUPPORTED' });
    expect(uploadsAtIdentity).toBe(0);
  });

  it('keeps an idle websocket open past the client timeouts', async () => {
    const url = await gateway({
      httpTimeouts: { headersTimeoutMs: 200, requestTimeoutMs: 300, connectionTimeoutMs: 300 },
    });
    const socket = await connectWebsocket(url);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(socket.connected).toBe(true);
    expect(await socket.timeout(2000).emitWithAck('echo', 'still here')).toBe(10);
  });
});

describe('the site origin', () => {
  it('is exact for a public site, and covers loopback spellings only for a site on this machine', () => {
    expect([...originsAllowedFor('https://saathi.example.org')]).toEqual(['https://saathi.example.org']);
    expect(originsAllowedFor('http://localhost:3000')).toEqual(
      new Set(['http://localhost:3000', 'http://127.0.0.1:3000', 'http://[::1]:3000']),
    );
    expect(originsAllowedFor('http://127.0.0.1:41234').has('http://localhost:41234')).toBe(true);
    expect(originsAllowedFor('http://localhost:3000').has('http://localhost:3001')).toBe(false);
  });
});
