import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, sessionRevokedV1 } from '@saathi/contracts';
import { makeEnvelope } from '../events/make-envelope';
import { createMemoryBus } from '../events/memory-bus';
import { createApp } from '../http/create-app';
import { waitFor } from '../testing/wait-for';
import { requireUser } from './plugin';
import { RevokedSessions, trackRevokedSessions } from './revoked-sessions';
import { generateKeyPair, signAccessToken } from './tokens';

describe('RevokedSessions', () => {
  it('refuses a session until its tokens would have expired, then forgets it', () => {
    let now = 1_000;
    const revoked = new RevokedSessions(() => now);
    revoked.add(['s-1'], 5_000);
    expect(revoked.has('s-1')).toBe(true);
    expect(revoked.has('s-2')).toBe(false);
    now = 5_000;
    expect(revoked.has('s-1')).toBe(false);
  });
});

describe('a service hearing identity.session.revoked.v1', () => {
  it('refuses the revoked session’s still-unexpired access token at once', async () => {
    const keys = generateKeyPair();
    const bus = createMemoryBus();
    const sessionId = randomUUID();
    const userId = randomUUID();
    const app = await createApp({
      name: 'test',
      logLevel: 'silent',
      readiness: {},
      auth: { publicKey: keys.publicKey, revokedSessions: await trackRevokedSessions(bus) },
    });
    app.get('/private', (request) => ({ id: requireUser(request).id }));
    const token = signAccessToken(
      keys.privateKey,
      { sub: userId, username: 'asha', role: 'user', sid: sessionId },
      { ttlSeconds: 600 },
    );
    const call = () =>
      app
        .inject({ method: 'GET', url: '/private', cookies: { [ACCESS_COOKIE]: token } })
        .then((r) => r.statusCode);
    try {
      expect(await call()).toBe(200);
      await bus.publish(
        makeEnvelope(
          sessionRevokedV1,
          {
            userId,
            sessionIds: [sessionId],
            accessTokensValidUntil: new Date(Date.now() + 600_000).toISOString(),
          },
          { traceId: 'test' },
        ),
      );
      await waitFor(async () => (await call()) === 401);
      expect(await call()).toBe(401);
    } finally {
      await app.close();
      await bus.close();
    }
  });
});
