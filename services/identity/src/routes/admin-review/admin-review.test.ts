import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ModerationMessages } from '@saathi/contracts';
import type { ReviewPerson } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

const ADMIN_EMAIL = 'reviewer@example.com';
let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ ADMIN_EMAILS: ADMIN_EMAIL });
});
afterAll(() => identity?.close());

async function registered(body = buildRegistration()) {
  const browser = identity.browser();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  expect(response.statusCode).toBe(201);
  return { browser, id: response.json<{ id: string }>().id, ...body };
}

describe('the reviewer reads a reported person as identity stores them', () => {
  it('401 signed out, 403 for a member, the public profile for an admin, 404 for no such account', async () => {
    const reported = await registered();
    const profile = await reported.browser.inject({
      method: 'POST',
      url: '/api/profile',
      payload: { displayName: 'Kiran K', bio: 'Runs at Lodhi Garden' },
    });
    expect(profile.statusCode).toBeLessThan(300);
    const url = `/api/admin/review/people/${reported.id}`;

    expect((await identity.browser().inject({ method: 'GET', url })).statusCode).toBe(401);
    expect((await reported.browser.inject({ method: 'GET', url })).statusCode).toBe(403);

    // An admin: the configured address, verified, signed in again.
    const admin = await registered(buildRegistration({ email: ADMIN_EMAIL }));
    await queryRows(
      identity.database.port.db,
      sql`update identity.users set email_verified_at = now() where id = ${admin.id}`,
    );
    const login = await admin.browser.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: ADMIN_EMAIL, password: admin.password },
    });
    expect(login.json().role).toBe('admin');

    const stored = await admin.browser.inject({ method: 'GET', url });
    expect(stored.statusCode).toBe(200);
    expect(stored.json<ReviewPerson>()).toEqual({
      id: reported.id,
      username: reported.username,
      displayName: 'Kiran K',
      bio: 'Runs at Lodhi Garden',
      joinedAt: expect.any(String),
      suspended: false,
    });
    // What others see, never the address or phone.
    expect(stored.body).not.toContain(reported.email);

    const gone = await admin.browser.inject({
      method: 'GET',
      url: `/api/admin/review/people/${randomUUID()}`,
    });
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toEqual({ message: ModerationMessages.itemGone });
  });
});
