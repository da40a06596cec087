import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AccountMessages, FRESH_SIGN_IN_MS, userDeletedV1 } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity();
});
afterAll(() => identity?.close());

async function signedIn() {
  const browser = identity.browser();
  const body = buildRegistration();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { browser, id: response.json<{ id: string }>().id, ...body };
}

const rowsOf = (userId: string) =>
  queryRows<{ n: number }>(
    identity.database.port.db,
    sql`select ((select count(*) from identity.users where id = ${userId}::uuid)
             + (select count(*) from identity.sessions where user_id = ${userId}::uuid)
             + (select count(*) from identity.user_profiles where user_id = ${userId}::uuid)
             + (select count(*) from identity.blocks where blocker_id = ${userId}::uuid or blocked_id = ${userId}::uuid)
             )::int as n`,
  );

const deletedEvents = async (userId: string) =>
  (await identity.outbox(userDeletedV1.type)).filter((row) => row.data.userId === userId);

describe('deleting one’s account', () => {
  it('needs the right password; then erases the account, ends every session and announces it', async () => {
    const asha = await signedIn();
    const ravi = await signedIn();
    await asha.browser.inject({ method: 'POST', url: `/api/users/${ravi.id}/block` });
    const otherDevice = identity.browser();
    await otherDevice.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: asha.username, password: asha.password },
    });

    const missing = await asha.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: {},
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: AccountMessages.passwordRequired });
    const wrong = await asha.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ message: AccountMessages.wrongPassword });
    expect((await rowsOf(asha.id))[0]!.n).toBeGreaterThan(0);
    expect(await deletedEvents(asha.id)).toEqual([]);

    const deleted = await asha.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: asha.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ message: AccountMessages.deleted });
    expect((await rowsOf(asha.id))[0]!.n).toBe(0);
    expect(await deletedEvents(asha.id)).toHaveLength(1);
    const revoked = (await identity.outbox('identity.session.revoked.v1')).filter(
      (row) => row.data.userId === asha.id,
    );
    expect(revoked).toHaveLength(1);
    expect(revoked[0]!.data.sessionIds).toHaveLength(2);

    expect((await otherDevice.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const signIn = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: asha.username, password: asha.password },
    });
    expect(signIn.statusCode).toBe(401);
    // Ravi is untouched.
    expect((await ravi.browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('counts wrong passwords against the sign-in limits: past them 429, even with the right one', async () => {
    const asha = await signedIn();
    // RATE_LIMIT_LOGIN_PER_ACCOUNT_IP is 5 by default.
    for (let i = 0; i < 5; i += 1) {
      const wrong = await asha.browser.inject({
        method: 'POST',
        url: '/api/auth/delete-account',
        payload: { password: `guess-${i}` },
      });
      expect(wrong.statusCode).toBe(400);
    }
    const refused = await asha.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: asha.password },
    });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await rowsOf(asha.id))[0]!.n).toBeGreaterThan(0);
    expect(await deletedEvents(asha.id)).toEqual([]);
  });

  it('signed out is 401', async () => {
    const response = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: { password: 'whatever1' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('an account without a password (Google) needs a recent sign-in', async () => {
    const stale = await signedIn();
    const fresh = await signedIn();
    for (const person of [stale, fresh])
      await queryRows(
        identity.database.port.db,
        sql`update identity.users set password_hash = null where id = ${person.id}::uuid returning id`,
      );
    await queryRows(
      identity.database.port.db,
      sql`update identity.sessions set created_at = now() - ${`${FRESH_SIGN_IN_MS + 60_000} milliseconds`}::interval
           where user_id = ${stale.id}::uuid returning sid`,
    );
    const refused = await stale.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: {},
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: AccountMessages.signInAgain });
    expect(await deletedEvents(stale.id)).toEqual([]);

    const accepted = await fresh.browser.inject({
      method: 'POST',
      url: '/api/auth/delete-account',
      payload: {},
    });
    expect(accepted.statusCode).toBe(200);
    expect(await deletedEvents(fresh.id)).toHaveLength(1);
  });
});
