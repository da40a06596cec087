import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ACCESS_COOKIE, defineRoute } from '@saathi/contracts';
import type { RouteAccess } from '@saathi/contracts';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TYPE,
  generateKeyPair,
} from '../auth/tokens';
import { createApp } from '../http/create-app';
import type { App } from '../http/create-app';
import { registerRoute, resolveSessionsWith } from './register-route';

const keys = generateKeyPair();
const cookieOf = (role: 'user' | 'admin') =>
  `${ACCESS_COOKIE}=${jwt.sign({ sub: 'u-1', username: 'asha', role, sid: 's-1' }, keys.privateKey, {
    algorithm: 'ES256',
    header: { alg: 'ES256', typ: ACCESS_TOKEN_TYPE },
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
    expiresIn: '15m',
  })}`;

const routeFor = (access: RouteAccess) =>
  defineRoute({
    service: 'feed',
    method: 'POST',
    path: `/api/${access}`,
    access,
    body: z.object({ text: z.string() }),
    bodyLimit: 64,
  });

/** The route's own onRequest hook ran (it must run after the access check, never instead of it). */
const ownHookRan: string[] = [];

async function appWith(resolver?: Parameters<typeof resolveSessionsWith>[1]): Promise<App> {
  const app = await createApp({
    name: 'test',
    logLevel: 'silent',
    readiness: {},
    ...(resolver ? {} : { auth: { publicKey: keys.publicKey } }),
  });
  if (resolver) resolveSessionsWith(app, resolver);
  for (const access of ['public', 'user', 'admin'] as const) {
    registerRoute(app, routeFor(access), (request) => ({ by: request.user?.id ?? null }), {
      onRequest: (_request, _reply, done) => {
        ownHookRan.push(access);
        done();
      },
    });
  }
  await app.ready();
  return app;
}

let platform: App;
let custom: App;
beforeAll(async () => {
  platform = await appWith();
  // A service that knows its callers another way (identity: its session table).
  custom = await appWith((request) =>
    Promise.resolve(
      request.headers['x-test-user'] === 'admin'
        ? { id: 'u-2', username: 'root', role: 'admin', sessionId: 's-2' }
        : null,
    ),
  );
});
afterAll(async () => {
  await Promise.all([platform.close(), custom.close()]);
});

const post = (
  app: App,
  access: RouteAccess,
  headers: Record<string, string> = {},
  payload = '{"text":"hi"}',
) =>
  app.inject({
    method: 'POST',
    url: `/api/${access}`,
    headers: { 'content-type': 'application/json', ...headers },
    payload,
  });

describe('registerRoute access', () => {
  it("refuses a signed-out caller with 401 before the route's own hook and before the body is read", async () => {
    ownHookRan.length = 0;
    for (const access of ['user', 'admin'] as const) {
      // Past the route's 64-byte limit: a 413 here would mean the body was read first.
      const res = await post(platform, access, {}, JSON.stringify({ text: 'x'.repeat(200) }));
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
    expect(ownHookRan).toEqual([]);
  });

  it('refuses a signed-in non-admin on an admin route with 403, and lets the right callers in', async () => {
    const forbidden = await post(platform, 'admin', { cookie: cookieOf('user') });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Forbidden' });
    expect((await post(platform, 'user', { cookie: cookieOf('user') })).json()).toEqual({ by: 'u-1' });
    expect((await post(platform, 'admin', { cookie: cookieOf('admin') })).json()).toEqual({ by: 'u-1' });
    expect((await post(platform, 'public')).json()).toEqual({ by: null });
  });

  it("asks the app's own session resolver when it has one", async () => {
    expect((await post(custom, 'admin', { cookie: cookieOf('admin') })).statusCode).toBe(401);
    expect((await post(custom, 'admin', { 'x-test-user': 'admin' })).json()).toEqual({ by: 'u-2' });
  });
});
