import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineRoute } from '@saathi/contracts';
import { createApp } from '../http/create-app';
import type { App } from '../http/create-app';
import { registerRoute } from '../service/register-route';
import {
  acceptExportTokens,
  EXPORT_TOKEN_TTL_SECONDS,
  signExportToken,
  verifyExportToken,
} from './export-token';
import { createAccessTokenVerifier, generateKeyPair, signAccessToken } from './tokens';

const keys = generateKeyPair();
const other = generateKeyPair();
const part = defineRoute({ service: 'feed', method: 'GET', path: '/api/export/feed', access: 'user' });
const elsewhere = defineRoute({ service: 'feed', method: 'GET', path: '/api/posts', access: 'user' });
const now = Math.floor(Date.now() / 1000);
const claims = { userId: 'u-1', username: 'asha', exportId: 'e-1' };

let app: App;
beforeAll(async () => {
  app = await createApp({
    name: 'test',
    logLevel: 'silent',
    readiness: {},
    auth: { publicKey: keys.publicKey },
  });
  const by = (request: { user: { id: string; role: string } | null }) => ({ by: request.user });
  acceptExportTokens(app, keys.publicKey, (scope) => registerRoute(scope, part, by));
  registerRoute(app, elsewhere, by);
  await app.ready();
});
afterAll(() => app?.close());

const get = (url: string, token: string) =>
  app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

describe('the data-export token', () => {
  it('is accepted by the export routes only, as a plain user', async () => {
    const token = signExportToken(keys.privateKey, claims, now);
    const answer = await get('/api/export/feed', token);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ by: { id: 'u-1', role: 'user' } });
    expect((await get('/api/posts', token)).statusCode).toBe(401);
    // Never an access token, and an access token is no export token.
    expect(createAccessTokenVerifier(keys.publicKey)(token)).toBeNull();
    const access = signAccessToken(
      keys.privateKey,
      { sub: 'u-1', username: 'asha', role: 'admin', sid: 's' },
      {
        ttlSeconds: 60,
      },
    );
    expect(verifyExportToken(createPublicKey(keys.publicKey), access)).toBeNull();
  });

  it('is refused once expired, or signed with another key', async () => {
    const old = signExportToken(keys.privateKey, claims, now - EXPORT_TOKEN_TTL_SECONDS - 5);
    expect((await get('/api/export/feed', old)).statusCode).toBe(401);
    const forged = signExportToken(other.privateKey, claims, now);
    expect((await get('/api/export/feed', forged)).statusCode).toBe(401);
  });
});
