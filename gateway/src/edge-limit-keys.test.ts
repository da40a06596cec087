/**
 * Whom the edge limit counts as one client: an IPv6 client by its /64 (it can send each request
 * from another of its addresses), and, once the table of clients is full, every newcomer in one
 * shared count (a flood of addresses cannot slip past uncounted).
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createEdgeLimiter } from './edge-limit';

const apps: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function limitedApp(options: { max: number; maxKeys?: number }) {
  const app = Fastify();
  apps.push(app);
  app.addHook('onRequest', createEdgeLimiter({ windowMs: 60_000, ...options }));
  app.get('/api/ping', () => ({ ok: true }));
  await app.ready();
  return (remoteAddress: string) =>
    app.inject({ method: 'GET', url: '/api/ping', remoteAddress }).then((response) => response.statusCode);
}

describe('the edge limit’s clients', () => {
  it('counts the addresses of one IPv6 /64 together, and another /64 apart', async () => {
    const ping = await limitedApp({ max: 3 });
    for (const address of ['2001:db8:5:6::1', '2001:db8:5:6::2', '2001:db8:5:6:abcd:ef01:2345:6789'])
      expect(await ping(address)).toBe(200);
    expect(await ping('2001:db8:5:6:ffff::9')).toBe(429);
    expect(await ping('2001:db8:5:7::1')).toBe(200);
    expect(await ping('198.51.100.4')).toBe(200);
  });

  it('counts clients that arrive once the table is full in one shared count', async () => {
    const ping = await limitedApp({ max: 2, maxKeys: 2 });
    expect(await ping('203.0.113.1')).toBe(200);
    expect(await ping('203.0.113.2')).toBe(200);
    // The table is full: these three newcomers share one count of 2.
    expect(await ping('203.0.113.3')).toBe(200);
    expect(await ping('203.0.113.4')).toBe(200);
    expect(await ping('203.0.113.5')).toBe(429);
    // Clients already counted keep their own.
    expect(await ping('203.0.113.1')).toBe(200);
  });
});
