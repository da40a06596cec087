import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute, ROUTES_BY_SERVICE } from '@saathi/contracts';
import type { AnyRoute } from '@saathi/contracts';
import { createLogger } from '@saathi/platform';
import type { App } from '@saathi/platform';
import { buildGateway } from './app';
import { RoutingConflictError, routingTableOf, UPSTREAMS } from './routes';
import type { UpstreamName, Upstreams } from './routes';

const logger = createLogger({ name: 'gateway-routing-test', level: 'silent' });
const closers: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
});

/** A fake service that names itself in every answer, whatever the path. */
async function namedService(name: string): Promise<string> {
  const app = Fastify();
  app.all('/*', () => ({ service: name }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  closers.push(() => app.close());
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/** A concrete URL for a descriptor: every `:param` filled with a uuid. */
const urlOf = (route: AnyRoute) =>
  route.path.replace(/:[A-Za-z0-9_]+/g, '00000000-0000-4000-8000-000000000000');

let gateway: App;

beforeAll(async () => {
  const upstreams = Object.fromEntries(
    await Promise.all(UPSTREAMS.map(async (name) => [name, await namedService(name)] as const)),
  ) as Upstreams;
  gateway = await buildGateway({ upstreams, rateLimit: { store: 'memory', authMax: 1000 }, logger });
  closers.push(() => gateway.close());
});

describe('the routing table comes from the contracts', () => {
  const declared = UPSTREAMS.flatMap((service) =>
    ROUTES_BY_SERVICE[service].map((route) => [service, route] as const),
  );

  it('has routes to forward', () => {
    expect(declared.length).toBeGreaterThan(10);
  });

  it.each(declared.map(([service, route]) => [`${route.method} ${route.path}`, service, route] as const))(
    '%s reaches %s',
    async (_name, service: UpstreamName, route: AnyRoute) => {
      const res = await gateway.inject({ method: route.method, url: urlOf(route) });
      expect(res.json()).toEqual({ service });
    },
  );

  it('answers 404 at the edge for an /api path no service declares', async () => {
    for (const url of ['/api/auth/not-a-route', '/api/nothing', '/api/profilex']) {
      const res = await gateway.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Not Found' });
    }
  });

  it('refuses to start when two services declare routes under the same prefix', async () => {
    const clashing = {
      ...ROUTES_BY_SERVICE,
      blog: [defineRoute({ service: 'blog', method: 'GET', path: '/api/posts/:id/story', access: 'public' })],
    };
    expect(() => routingTableOf(clashing)).toThrow(RoutingConflictError);
    await expect(
      buildGateway({
        upstreams: { identity: '', feed: '', messaging: '', blog: '', notification: '', moderation: '' },
        routes: clashing,
        rateLimit: { store: 'memory' },
        logger,
      }),
    ).rejects.toThrow(/feed's routes under \/api\/posts would also capture blog's/);
  });

  it('refuses a route listed under a service it does not declare', () => {
    const misplaced = {
      ...ROUTES_BY_SERVICE,
      blog: [defineRoute({ service: 'feed', method: 'GET', path: '/api/blog/x', access: 'public' })],
    };
    expect(() => routingTableOf(misplaced)).toThrow(RoutingConflictError);
  });
});
