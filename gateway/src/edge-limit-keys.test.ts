/**
 * Whom the edge limit counts as one client: an IPv6 client by its /64 (it can send each request
 * from another of its addresses); once the table of clients is full, a newcomer with its network,
 * and past that every newcomer in one shared count (a flood of addresses cannot slip past
 * uncounted, nor shut out everyone new with one minute's flood of one network).
 */
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { createEdgeLimiter, networkKey } from './edge-limit';

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

  it('counts newcomers by their network once the table is full, and in one count past that', async () => {
    const ping = await limitedApp({ max: 2, maxKeys: 2 });
    expect(await ping('203.0.113.1')).toBe(200);
    expect(await ping('2001:db8:5:6::1')).toBe(200);
    // The table of clients is full: a newcomer counts with its /24 (IPv4) or /48 (IPv6), so a
    // flood from one network does not shut out the next one.
    expect(await ping('198.51.100.3')).toBe(200);
    expect(await ping('198.51.100.4')).toBe(200);
    expect(await ping('198.51.100.5')).toBe(429);
    expect(await ping('2001:db8:5:7::1')).toBe(200);
    expect(await ping('2001:db8:5:8::1')).toBe(200);
    expect(await ping('2001:db8:5:9::1')).toBe(429);
    // Both tiers are full (2 clients, 2 networks): everyone new shares one count.
    expect(await ping('192.0.2.1')).toBe(200);
    expect(await ping('192.0.2.77')).toBe(200);
    expect(await ping('2001:db8:99::1')).toBe(429);
    // Clients already counted keep their own.
    expect(await ping('203.0.113.1')).toBe(200);
  });

  it.each([
    ['203.0.113.77', '203.0.113.0/24'],
    ['2001:db8:5:6::/64', '2001:db8:5::/48'],
    ['2001:db8:0:0::/64', '2001:db8:0::/48'], // addressKey's /64s always have their four groups
  ])('groups %s in %s', (key, network) => {
    expect(networkKey(key)).toBe(network);
  });
});
