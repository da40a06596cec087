import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPublicKey } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { DataExportMessages, QueueName } from '@saathi/contracts';
import type { DataExportStatus } from '@saathi/contracts';
import { createAccessTokenVerifier, queryRows, serviceKit, verifyExportToken } from '@saathi/platform';
import { DataExportsRepository } from '../../db/data-exports-repository';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import type { CookieJar } from '../../testing/cookie-jar';
import {
  assembleDataExport,
  DATA_EXPORT_ATTEMPTS,
  DATA_EXPORT_COOLDOWN_MS,
  purgeDataExports,
} from '../../use-cases/data-export';
import { createIdentityCore } from '../../use-cases/identity-core';

/**
 * The other services' `/api/export/*`, as the gateway would answer them: each checks the job's
 * export token as the services do, and answers a part naming the person it was asked for.
 */
let parts: Server;
const asked: string[] = [];
/** While set, the parts wait: the export stays "preparing". */
let held: Promise<void> | undefined;
/** People whose parts the services fail to answer (a service down). */
const failing = new Set<string>();
let identity: TestIdentity;

beforeAll(async () => {
  let verify: (token: string) => { id: string } | null = () => null;
  parts = createServer((request, response) => void answer(request, response));
  async function answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    await held;
    const token = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    const user = verify(token);
    asked.push(request.url ?? '');
    response.setHeader('content-type', 'application/json');
    if (!user) {
      response.statusCode = 401;
      response.end(JSON.stringify({ message: 'Unauthorized' }));
      return;
    }
    if (failing.has(user.id)) {
      response.statusCode = 503;
      response.end(JSON.stringify({ message: 'Service unavailable' }));
      return;
    }
    response.end(JSON.stringify({ part: request.url, of: user.id }));
  }
  await new Promise<void>((resolve) => parts.listen(0, '127.0.0.1', resolve));
  const { port } = parts.address() as AddressInfo;
  identity = await startTestIdentity({ EXPORT_PARTS_URL: `http://127.0.0.1:${port}` });
  const key = createPublicKey(identity.keys.publicKey);
  verify = (token) => verifyExportToken(key, token, identity.clock.now().getTime());
});
afterAll(async () => {
  await identity?.close();
  await new Promise((resolve) => parts?.close(resolve));
});

async function signedIn() {
  const browser = identity.browser();
  const body = buildRegistration();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { browser, id: response.json<{ id: string }>().id, ...body };
}

async function request(browser: CookieJar): Promise<DataExportStatus> {
  const answer = await browser.inject({ method: 'POST', url: '/api/export/requests' });
  expect(answer.statusCode, answer.body).toBe(202);
  return answer.json<DataExportStatus>();
}

/** Polls the status as the web does, until the job has run. */
async function settled(browser: CookieJar, id: string): Promise<DataExportStatus> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const answer = await browser.inject({ method: 'GET', url: `/api/export/requests/${id}` });
    expect(answer.statusCode).toBe(200);
    const status = answer.json<DataExportStatus>();
    if (status.status !== 'preparing') return status;
    if (Date.now() > deadline) throw new Error('the export job never finished');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** After the clock has moved past the access token's life: the app renews it as the web client does. */
async function renewed(browser: CookieJar): Promise<void> {
  expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
}

const exportRows = async (userId: string) =>
  (
    await queryRows<{ n: number }>(
      identity.database.port.db,
      sql`select count(*)::int as n from identity.data_exports where user_id = ${userId}::uuid`,
    )
  )[0]!.n;

describe('download my data, assembled by a job', () => {
  it('collects every part with a token for the person, and offers the file to them only', async () => {
    const asha = await signedIn();
    const ravi = await signedIn();
    asked.length = 0;

    let release: () => void = () => undefined;
    held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started = await request(asha.browser);
    expect(started).toMatchObject({ status: 'preparing', readyAt: null, expiresAt: null });
    // One at a time: asking again while it is prepared is refused.
    const again = await asha.browser.inject({ method: 'POST', url: '/api/export/requests' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: DataExportMessages.alreadyPreparing });
    held = undefined;
    release();
    const ready = await settled(asha.browser, started.id);
    expect(ready.status).toBe('ready');
    expect(new Date(ready.expiresAt!).getTime() - new Date(ready.readyAt!).getTime()).toBe(24 * 3_600_000);
    expect(asked.sort()).toEqual([
      '/api/export/feed',
      '/api/export/messaging',
      '/api/export/moderation',
      '/api/export/notification',
    ]);

    const current = await asha.browser.inject({ method: 'GET', url: '/api/export/requests' });
    expect(current.json()).toEqual({ export: ready });

    const download = await asha.browser.inject({
      method: 'GET',
      url: `/api/export/requests/${ready.id}/download`,
    });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="saathi-data-${ready.readyAt!.slice(0, 10)}.json"`,
    );
    const file =
      download.json<Record<string, { of?: string; account?: { email: string; password_hash?: string } }>>();
    expect(file.userId).toBe(asha.id);
    expect(file.identity!.account).toMatchObject({ email: asha.email });
    expect(file.identity!.account).not.toHaveProperty('password_hash');
    for (const service of ['feed', 'messaging', 'notification', 'moderation'])
      expect(file[service]).toEqual({ part: `/api/export/${service}`, of: asha.id });

    // Someone else's export does not exist for them, whatever they try.
    for (const url of [`/api/export/requests/${ready.id}`, `/api/export/requests/${ready.id}/download`]) {
      const refused = await ravi.browser.inject({ method: 'GET', url });
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ message: DataExportMessages.notFound });
    }
    expect((await ravi.browser.inject({ method: 'GET', url: '/api/export/requests' })).json()).toEqual({
      export: null,
    });
    const signedOut = await identity.app.inject({
      method: 'GET',
      url: `/api/export/requests/${ready.id}/download`,
    });
    expect(signedOut.statusCode).toBe(401);
    const badId = await asha.browser.inject({ method: 'GET', url: '/api/export/requests/not-an-id' });
    expect(badId.statusCode).toBe(400);
  });

  it('replaces a ready export, refuses it after 24 hours and the sweep deletes it', async () => {
    const asha = await signedIn();
    const first = await settled(asha.browser, (await request(asha.browser)).id);
    identity.clock.advance(DATA_EXPORT_COOLDOWN_MS);
    await renewed(asha.browser);
    const second = await settled(asha.browser, (await request(asha.browser)).id);
    expect(second.id).not.toBe(first.id);
    const replaced = await asha.browser.inject({
      method: 'GET',
      url: `/api/export/requests/${first.id}/download`,
    });
    expect(replaced.statusCode).toBe(404);

    const download = `/api/export/requests/${second.id}/download`;
    // A day on, the access cookie has long expired: the app renews it as the web client does.
    const renew = () => asha.browser.inject({ method: 'GET', url: '/api/auth/user' });
    identity.clock.advance(24 * 3_600_000 - 60_000);
    await renew();
    expect((await asha.browser.inject({ method: 'GET', url: download })).statusCode).toBe(200);
    identity.clock.advance(61_000);
    const gone = await asha.browser.inject({ method: 'GET', url: download });
    expect(gone.statusCode).toBe(410);
    expect(gone.json()).toMatchObject({ message: DataExportMessages.expired });

    const exports = new DataExportsRepository(identity.database.port.db);
    expect(await purgeDataExports({ exports, clock: identity.clock })).toBeGreaterThanOrEqual(1);
    expect((await asha.browser.inject({ method: 'GET', url: download })).statusCode).toBe(404);
    expect(await exportRows(asha.id)).toBe(0);
  });

  it('refuses a new export within an hour of the last one, which stays downloadable', async () => {
    const asha = await signedIn();
    const first = await settled(asha.browser, (await request(asha.browser)).id);
    expect(first.status).toBe('ready');
    asked.length = 0;

    const again = await asha.browser.inject({ method: 'POST', url: '/api/export/requests' });
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ message: DataExportMessages.tooSoon });
    expect(Number(again.headers['retry-after'])).toBe(DATA_EXPORT_COOLDOWN_MS / 1000);
    // Nothing was asked of the other services, and the last file is still offered.
    expect(asked).toEqual([]);
    expect((await asha.browser.inject({ method: 'GET', url: '/api/export/requests' })).json()).toEqual({
      export: first,
    });
    const download = `/api/export/requests/${first.id}/download`;
    expect((await asha.browser.inject({ method: 'GET', url: download })).statusCode).toBe(200);

    // A minute before the hour is up: still refused, for that minute.
    identity.clock.advance(DATA_EXPORT_COOLDOWN_MS - 60_000);
    await renewed(asha.browser);
    const stillSoon = await asha.browser.inject({ method: 'POST', url: '/api/export/requests' });
    expect(stillSoon.statusCode).toBe(429);
    expect(stillSoon.headers['retry-after']).toBe('60');

    identity.clock.advance(60_000);
    const next = await settled(asha.browser, (await request(asha.browser)).id);
    expect(next.id).not.toBe(first.id);
    expect(next.status).toBe('ready');
  });

  it('goes with the account', async () => {
    const asha = await signedIn();
    await settled(asha.browser, (await request(asha.browser)).id);
    expect(await exportRows(asha.id)).toBe(1);
    const deleted = await asha.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: asha.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(await exportRows(asha.id)).toBe(0);
  });

  it('marks the export failed after its last attempt, and a new request may replace it', async () => {
    const asha = await signedIn();
    failing.add(asha.id);
    const started = await request(asha.browser);
    // The last attempt, as the queue runs it once the earlier ones have failed.
    const core = createIdentityCore(serviceKit(identity.deps, undefined as never));
    const job = (attempt: Parameters<typeof assembleDataExport>[1]) => assembleDataExport(core, attempt);
    const lastAttempt = {
      id: 'x',
      name: QueueName.dataExport,
      data: { exportId: started.id },
      attemptsMade: DATA_EXPORT_ATTEMPTS - 1,
    };
    await expect(job(lastAttempt)).rejects.toThrow(/answered 503/);
    expect((await settled(asha.browser, started.id)).status).toBe('failed');
    failing.delete(asha.id);
    // A failed export does not count towards the hour between exports: asked again at once.
    const again = await request(asha.browser);
    expect((await settled(asha.browser, again.id)).status).toBe('ready');
    // That one made a file, so it does.
    const tooSoon = await asha.browser.inject({ method: 'POST', url: '/api/export/requests' });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toMatchObject({ message: DataExportMessages.tooSoon });
  });

  it('never hands the job a token that passes as an access token', async () => {
    const verifyAccess = createAccessTokenVerifier(identity.keys.publicKey);
    const asha = await signedIn();
    let seen: string | undefined;
    const listener = (req: { headers: { authorization?: string } }) => {
      seen ??= req.headers.authorization?.replace(/^Bearer /, '');
    };
    parts.on('request', listener);
    try {
      await settled(asha.browser, (await request(asha.browser)).id);
    } finally {
      parts.off('request', listener);
    }
    expect(seen).toBeDefined();
    expect(verifyAccess(seen!)).toBeNull();
  });
});
