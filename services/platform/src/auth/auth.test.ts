import jwt from 'jsonwebtoken';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE } from '@saathi/contracts';
import { createApp } from '../http/create-app';
import type { App } from '../http/create-app';
import { requireAdminHook, requireUser, requireUserHook } from './plugin';
import {
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TYPE,
  createAccessTokenVerifier,
  generateKeyPair,
  signAccessToken,
} from './tokens';

const keys = generateKeyPair();
const claims = { sub: 'u-1', username: 'asha', role: 'user', sid: 's-1' };
/** What identity signs: ES256, `at+jwt`, issuer, audience and a 15-minute expiry, unless overridden. */
const accessOptions: jwt.SignOptions = {
  algorithm: 'ES256',
  header: { alg: 'ES256', typ: ACCESS_TOKEN_TYPE },
  issuer: ACCESS_TOKEN_ISSUER,
  audience: ACCESS_TOKEN_AUDIENCE,
};
const sign = (payload: object = claims, options: jwt.SignOptions = {}, key = keys.privateKey) =>
  jwt.sign(payload, key, { ...accessOptions, expiresIn: '15m', ...options });
/** The token's `exp` in ms, as the verifier hands it on. */
const expiryOf = (token: string) => (jwt.decode(token) as { exp: number }).exp * 1000;

let app: App;
beforeAll(async () => {
  app = await createApp({
    name: 'test',
    logLevel: 'silent',
    readiness: {},
    auth: { publicKey: keys.publicKey },
  });
  app.get('/me', (request) => ({ user: request.user }));
  app.get('/private', (request) => ({ id: requireUser(request).id }));
  app.get('/members', { preHandler: requireUserHook }, () => ({ ok: true }));
  app.get('/admin', { preHandler: requireAdminHook }, () => ({ ok: true }));
  await app.ready();
});
afterAll(async () => {
  await app.close();
});

describe('access token verifier', () => {
  it('accepts a valid ES256 token and maps its claims', () => {
    const verify = createAccessTokenVerifier(keys.publicKey);
    const token = sign();
    expect(verify(token)).toEqual({
      id: 'u-1',
      username: 'asha',
      role: 'user',
      sessionId: 's-1',
      emailVerified: false,
      tokenExpiresAtMs: expiryOf(token),
    });
  });

  it('rejects expired, forged, HS256 and malformed tokens', () => {
    const verify = createAccessTokenVerifier(keys.publicKey);
    expect(verify(sign(claims, { expiresIn: -10 }))).toBeNull();
    expect(verify(sign(claims, {}, generateKeyPair().privateKey))).toBeNull();
    expect(verify(jwt.sign(claims, keys.publicKey, { algorithm: 'HS256' }))).toBeNull();
    expect(verify(sign({ sub: 'u-1' }))).toBeNull();
    expect(verify(sign({ ...claims, role: 'root' }))).toBeNull();
    expect(verify('not.a.token')).toBeNull();
  });
});

describe('access token claims', () => {
  const verify = createAccessTokenVerifier(keys.publicKey, { cacheSize: 0 });

  it('accepts what signAccessToken signs', () => {
    const token = signAccessToken(keys.privateKey, { ...claims, role: 'user' }, { ttlSeconds: 60 });
    expect(verify(token)).toEqual({
      id: 'u-1',
      username: 'asha',
      role: 'user',
      sessionId: 's-1',
      emailVerified: false,
      tokenExpiresAtMs: expiryOf(token),
    });
    const verified = signAccessToken(
      keys.privateKey,
      { ...claims, role: 'user', ev: true },
      { ttlSeconds: 60 },
    );
    expect(verify(verified)?.emailVerified).toBe(true);
  });

  it('refuses a token without an expiry', () => {
    expect(verify(jwt.sign(claims, keys.privateKey, accessOptions))).toBeNull();
  });

  it.each([
    ['no issuer', { ...accessOptions, issuer: undefined }],
    ['another issuer', { issuer: 'someone-else' }],
    ['no audience', { ...accessOptions, audience: undefined }],
    ['another audience', { audience: 'saathi-google-flow' }],
    ['no type', { header: { alg: 'ES256' } }],
    ['another type', { header: { alg: 'ES256', typ: 'saathi-value+jwt' } }],
  ] as [string, jwt.SignOptions][])('refuses a token with %s', (_name, options) => {
    const { issuer, audience, ...rest } = { ...accessOptions, ...options };
    const token = jwt.sign(claims, keys.privateKey, {
      ...rest,
      ...(issuer ? { issuer } : {}),
      ...(audience ? { audience } : {}),
      expiresIn: '15m',
    });
    expect(verify(token)).toBeNull();
  });

  it('refuses a value signed with the same key for another purpose, even one carrying access claims', () => {
    // What identity's signValue produces (e.g. the Google flow cookie): its own typ and audience.
    const value = jwt.sign(claims, keys.privateKey, {
      algorithm: 'ES256',
      header: { alg: 'ES256', typ: 'saathi-value+jwt' },
      issuer: ACCESS_TOKEN_ISSUER,
      audience: 'saathi-google-flow',
      expiresIn: '10m',
    });
    expect(verify(value)).toBeNull();
  });
});

describe('auth plugin', () => {
  it('reads the user from the access cookie', async () => {
    const token = sign();
    const res = await app.inject({ url: '/me', cookies: { [ACCESS_COOKIE]: token } });
    expect(res.json()).toEqual({
      user: {
        id: 'u-1',
        username: 'asha',
        role: 'user',
        sessionId: 's-1',
        emailVerified: false,
        tokenExpiresAtMs: expiryOf(token),
      },
    });
  });

  it('reads the user from a Bearer header', async () => {
    const res = await app.inject({ url: '/private', headers: { authorization: `Bearer ${sign()}` } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: 'u-1' });
  });

  it('never trusts client identity headers', async () => {
    const res = await app.inject({ url: '/me', headers: { 'x-user-id': 'u-1', 'x-user-role': 'admin' } });
    expect(res.json()).toEqual({ user: null });
  });

  it.each([
    ['missing', undefined],
    ['expired', sign(claims, { expiresIn: -10 })],
    ['forged', sign(claims, {}, generateKeyPair().privateKey)],
    ['garbage', 'abc.def.ghi'],
  ])('answers 401 Unauthorized for a %s token', async (_name, token) => {
    for (const url of ['/private', '/members', '/admin']) {
      const res = await app.inject({ url, ...(token ? { cookies: { [ACCESS_COOKIE]: token } } : {}) });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Unauthorized' });
    }
  });

  it('answers 403 to a signed-in non-admin on admin routes and lets an admin in', async () => {
    const user = await app.inject({ url: '/admin', cookies: { [ACCESS_COOKIE]: sign() } });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toEqual({ message: 'Forbidden' });
    const admin = await app.inject({
      url: '/admin',
      cookies: { [ACCESS_COOKIE]: sign({ ...claims, role: 'admin' }) },
    });
    expect(admin.statusCode).toBe(200);
  });
});

describe('verified-token cache', () => {
  it('stops accepting a remembered token once it expires', () => {
    let now = Date.now();
    const verify = createAccessTokenVerifier(keys.publicKey, { now: () => now });
    const token = sign(claims, { expiresIn: 60 });
    expect(verify(token)?.id).toBe('u-1');
    expect(verify(token)?.id).toBe('u-1');
    now += 61_000;
    expect(verify(token)).toBeNull();
  });

  it('stays bounded', () => {
    const verify = createAccessTokenVerifier(keys.publicKey, { cacheSize: 2 });
    const tokens = ['a', 'b', 'c'].map((sid) => sign({ ...claims, sid }));
    for (const token of tokens) expect(verify(token)).not.toBeNull();
    for (const token of tokens) expect(verify(token)).not.toBeNull();
  });
});
