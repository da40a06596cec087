// A request Node's parser refuses gets a JSON answer the client can read, not a reset
// (client-error.ts): found by the fuzz test on Node 24, whose undici saw ECONNRESET for a
// 30 KB address instead of the 431.
import { connect } from 'node:net';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './create-app';
import type { App } from './create-app';

let app: App;
let origin: string;

beforeAll(async () => {
  app = await createApp({ name: 'test', logLevel: 'silent', readiness: {} });
  app.get('/api/things/:id', () => ({ ok: true }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  origin = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
});
afterAll(() => app.close());

describe('requests the HTTP parser refuses', () => {
  it('answer an address past the header limit with 431 and a message, read by an ordinary client', async () => {
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const res = await request(`${origin}/api/things/${'%F0%9F%98%80'.repeat(2500)}`);
      expect(res.statusCode).toBe(431);
      expect(await res.body.json()).toEqual({ message: 'The request’s address or headers are too long.' });
    }
  });

  it('answer malformed framing with 400 and a message, then close once the client is done', async () => {
    const socket = connect((app.server.address() as AddressInfo).port, '127.0.0.1');
    let answer = '';
    socket.on('data', (chunk: Buffer) => (answer += chunk.toString()));
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.write('GET /api/things/1 HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n');
    // More bytes after the refusal are dropped, not parsed as another request.
    socket.end('GET /api/things/2 HTTP/1.1\r\nHost: x\r\n\r\n');
    await closed;
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer).toContain('Connection: close');
    expect(answer).toContain('{"message":"The request could not be read."}');
    expect(answer.match(/HTTP\/1\.1/g)).toHaveLength(1);
  });
});
