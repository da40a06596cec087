import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_COOKIE, REFRESH_COOKIE } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { buildRegistration, startTestIdentity } from '../testing/test-service';
import type { TestIdentity } from '../testing/test-service';
import type { CookieJar } from '../testing/cookie-jar';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ REFRESH_ROTATION_GRACE_SECONDS: '30' });
});
afterAll(async () => {
  await identity?.close();
});

/** A signed-in browser whose access token has expired, so its next call refreshes. */
async function browserDueForRefresh(): Promise<{ browser: CookieJar; sid: string }> {
  const browser = identity.browser();
  const response = await browser.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: buildRegistration(),
  });
  expect(response.statusCode).toBe(201);
  browser.cookies.delete(ACCESS_COOKIE);
  return { browser, sid: browser.get(REFRESH_COOKIE)!.split('.')[0]! };
}

const me = (browser: CookieJar) => browser.inject({ method: 'GET', url: '/api/auth/user' });

async function revokedReason(sid: string): Promise<string | null> {
  const [row] = await queryRows<{ revoked_reason: string | null }>(
    identity.database.port.db,
    sql`select revoked_reason from identity.sessions where sid = ${sid}`,
  );
  return row!.revoked_reason;
}

describe('refresh-token rotation grace', () => {
  it('keeps both tabs signed in when they refresh with the same token at the same moment', async () => {
    const { browser: tabA, sid } = await browserDueForRefresh();
    const tabB = tabA.clone();
    const [a, b] = await Promise.all([me(tabA), me(tabB)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(await revokedReason(sid)).toBeNull();
    // Whichever answer set it, the refresh cookie the browser keeps still works later.
    const kept = [tabA, tabB].find((tab) => tab.get(REFRESH_COOKIE) !== undefined)!;
    identity.clock.advance(11 * 60_000);
    expect((await me(kept)).statusCode).toBe(200);
    expect(await revokedReason(sid)).toBeNull();
  });

  it('answers the just-rotated token within the grace with a fresh access token, not a revocation', async () => {
    const { browser: tabA, sid } = await browserDueForRefresh();
    const tabB = tabA.clone(); // sent its request before tab A's new cookies arrived
    expect((await me(tabA)).statusCode).toBe(200);
    identity.clock.advance(10_000);
    const late = await me(tabB);
    expect(late.statusCode).toBe(200);
    const setCookies = (late.cookies as { name: string }[]).map((cookie) => cookie.name);
    expect(setCookies).toEqual([ACCESS_COOKIE]); // no second rotation: tab A's refresh token stays current
    expect(await revokedReason(sid)).toBeNull();
    tabA.cookies.delete(ACCESS_COOKIE);
    expect((await me(tabA)).statusCode).toBe(200);
  });

  it('still revokes the session when the previous token comes back after the grace', async () => {
    const { browser: tabA, sid } = await browserDueForRefresh();
    const stolen = tabA.clone();
    expect((await me(tabA)).statusCode).toBe(200);
    identity.clock.advance(31_000);
    expect((await me(stolen)).statusCode).toBe(401);
    expect(await revokedReason(sid)).toBe('refresh-reuse');
    tabA.cookies.delete(ACCESS_COOKIE);
    expect((await me(tabA)).statusCode).toBe(401);
  });

  it('revokes at once for a token two rotations old, even within the grace', async () => {
    const { browser, sid } = await browserDueForRefresh();
    const oldest = browser.clone();
    expect((await me(browser)).statusCode).toBe(200);
    browser.cookies.delete(ACCESS_COOKIE);
    expect((await me(browser)).statusCode).toBe(200);
    expect((await me(oldest)).statusCode).toBe(401);
    expect(await revokedReason(sid)).toBe('refresh-reuse');
  });
});
