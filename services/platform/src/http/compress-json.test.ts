import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createApp } from './create-app';
import { preferredEncoding } from './compress-json';

const big = { items: Array.from({ length: 60 }, (_, i) => ({ id: i, text: `item number ${i} of a page` })) };

async function appWith(options: { compressJson?: boolean } = {}) {
  const app = await createApp({ name: 'compress-test', logLevel: 'silent', readiness: {}, ...options });
  app.get('/big', () => big);
  app.get('/small', () => ({ ok: true }));
  app.get('/text', (_request, reply) => reply.type('text/plain').send('x'.repeat(5000)));
  return app;
}

describe('JSON compression', () => {
  it('picks brotli, else gzip, and honours q=0', () => {
    expect(preferredEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(preferredEncoding('gzip, deflate')).toBe('gzip');
    expect(preferredEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
  });

  it('compresses a JSON answer of a kilobyte or more for a client that accepts it, and varies on it', async () => {
    const app = await appWith();
    const br = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/Accept-Encoding/);
    expect(br.rawPayload.length).toBeLessThan(JSON.stringify(big).length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);

    const gz = await app.inject({ method: 'GET', url: '/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);

    const plain = await app.inject({ method: 'GET', url: '/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/Accept-Encoding/);
    expect(plain.json()).toEqual(big);
    await app.close();
  });

  it('leaves small answers, other types and a service that turned it off alone', async () => {
    const app = await appWith();
    const headers = { 'accept-encoding': 'br' };
    expect(
      (await app.inject({ method: 'GET', url: '/small', headers })).headers['content-encoding'],
    ).toBeUndefined();
    expect(
      (await app.inject({ method: 'GET', url: '/text', headers })).headers['content-encoding'],
    ).toBeUndefined();
    await app.close();
    const off = await appWith({ compressJson: false });
    expect(
      (await off.inject({ method: 'GET', url: '/big', headers })).headers['content-encoding'],
    ).toBeUndefined();
    await off.close();
  });
});
