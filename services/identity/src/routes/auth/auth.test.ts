import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ACCESS_COOKIE,
  IdentityMessages,
  REFRESH_COOKIE,
  USERNAME_CHARACTERS_MESSAGE,
  USERNAME_RESERVED_MESSAGE,
} from '@saathi/contracts';
import { createAccessTokenVerifier, queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import type { CookieJar } from '../../testing/cookie-jar';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity({
    ADMIN_EMAILS: 'Boss@Example.com',
    RATE_LIMIT_LOGIN_PER_ACCOUNT: '3',
    RATE_LIMIT_LOGIN_PER_IP: '6',
    RATE_LIMIT_REGISTER_PER_IP: '4',
  });
});
afterAll(async () => {
  await identity?.close();
});

async function register(browser: CookieJar, body = buildRegistration()) {
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { response, body };
}

describe('POST /api/auth/register', () => {
  it.each([
    [{ username: 'ab' }, 'Username must be at least 3 characters'],
    [{ username: 'a'.repeat(31) }, 'Username must be less than 30 characters'],
    // Letters, digits, _ and . only: no spaces, no bidi override reversing what follows, no other script.
    [{ username: 'asha rao' }, USERNAME_CHARACTERS_MESSAGE],
    [{ username: 'asha\u202egnp' }, USERNAME_CHARACTERS_MESSAGE],
    [{ username: 'asha\u200f' }, USERNAME_CHARACTERS_MESSAGE],
    [{ username: 'asha\u0007x' }, USERNAME_CHARACTERS_MESSAGE],
    [{ username: '\u0430dmin' }, USERNAME_CHARACTERS_MESSAGE],
    [{ username: 'asha@example.com' }, USERNAME_CHARACTERS_MESSAGE],
    // Names that would speak for the site.
    [{ username: 'admin' }, USERNAME_RESERVED_MESSAGE],
    [{ username: 'Support' }, USERNAME_RESERVED_MESSAGE],
    [{ username: 'SAATHI' }, USERNAME_RESERVED_MESSAGE],
    [{ username: 'saathi_team' }, USERNAME_RESERVED_MESSAGE],
    [{ username: 'moderator' }, USERNAME_RESERVED_MESSAGE],
    [{ email: 'not-an-email' }, 'Please enter a valid email address'],
    [{ phone: '12345' }, 'Please enter a valid phone number'],
    [{ password: '12345' }, 'Password must be at least 6 characters'],
  ])('answers 400 with the product message for %o', async (override, message) => {
    const response = await identity.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: buildRegistration(override),
      remoteAddress: '10.1.0.1',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('creates the account, signs it in with httpOnly SameSite=Lax cookies, and writes user.registered to the outbox', async () => {
    const browser = identity.browser();
    const { response, body } = await register(browser);
    expect(response.statusCode).toBe(201);
    const user = response.json();
    expect(user).toMatchObject({
      username: body.username,
      email: body.email,
      phone: body.phone,
      role: 'user',
    });
    expect(JSON.stringify(user)).not.toMatch(/argon2|passwordHash/);
    const cookies = response.cookies as {
      name: string;
      httpOnly?: boolean;
      sameSite?: string;
      secure?: boolean;
      path?: string;
    }[];
    const access = cookies.find((c) => c.name === ACCESS_COOKIE)!;
    const refresh = cookies.find((c) => c.name === REFRESH_COOKIE)!;
    expect(access).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(refresh).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/api/auth' });
    expect(access.secure).toBeFalsy();

    const me = await browser.inject({ method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(user.id);

    const events = await identity.outbox('identity.user.registered.v1');
    expect(events.find((e) => e.data.userId === user.id)?.data).toMatchObject({
      username: body.username,
      email: body.email,
    });

    const [row] = await queryRows<{ password_hash: string }>(
      identity.database.port.db,
      sql`select password_hash from identity.users where id = ${user.id}`,
    );
    expect(row!.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
  });

  it('answers 409 for a taken username (any case) or e-mail', async () => {
    const browser = identity.browser();
    const { body } = await register(browser);
    const sameName = await register(
      identity.browser(),
      buildRegistration({ username: body.username.toUpperCase() }),
    );
    expect(sameName.response.statusCode).toBe(409);
    expect(sameName.response.json().message).toBe(IdentityMessages.usernameTaken);
    const sameEmail = await register(
      identity.browser(),
      buildRegistration({ email: body.email.toUpperCase() }),
    );
    expect(sameEmail.response.statusCode).toBe(409);
    expect(sameEmail.response.json().message).toBe(IdentityMessages.emailTaken);
  });

  it('does not give the admin role to an ADMIN_EMAILS address nobody has verified', async () => {
    const { response } = await register(identity.browser(), buildRegistration({ email: 'boss@example.com' }));
    expect(response.json()).toMatchObject({ role: 'user', emailVerified: false });
    // Signing in again does not make it admin either: the address is still unproven.
    const again = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'boss@example.com', password: 'correct horse' },
    });
    expect(again.json().role).toBe('user');
  });

  it('limits registrations per IP with 429', async () => {
    const browser = identity.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      // Invalid bodies are refused before the limiter; use valid ones that collide to stay cheap.
      statuses.push(
        (await register(browser, buildRegistration({ username: 'taken_by_limit_test' }))).response.statusCode,
      );
    }
    expect(statuses.slice(0, 4)).not.toContain(429);
    expect(statuses[4]).toBe(429);
  });
});

describe('POST /api/auth/login', () => {
  let account: ReturnType<typeof buildRegistration>;
  beforeAll(async () => {
    account = buildRegistration();
    await register(identity.browser(), account);
  });

  it.each([
    [{ identifier: '', password: 'x' }, 'Email or username is required'],
    [{ identifier: 'someone', password: '' }, 'Password is required'],
  ])('answers 400 with the product message for %o', async (payload, message) => {
    const response = await identity.browser().inject({ method: 'POST', url: '/api/auth/login', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
  });

  it('signs in by e-mail or username, case-insensitively', async () => {
    for (const identifier of [account.email.toUpperCase(), account.username.toUpperCase()]) {
      const browser = identity.browser();
      const response = await browser.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier, password: account.password },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().username).toBe(account.username);
      expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).json().username).toBe(
        account.username,
      );
    }
  });

  it("prefers the e-mail match, so a username equal to someone's e-mail cannot shadow it", async () => {
    const email = `v${Date.now().toString(36)}@ex.com`;
    const victim = buildRegistration({ email });
    await register(identity.browser(), victim);
    // Sign-up refuses such a name now; an account made before the rule may still have one.
    const shadow = buildRegistration({ password: 'shadow pass' });
    const { response: shadowed } = await register(identity.browser(), shadow);
    await identity.database.port.db.execute(
      sql`update identity.users set username = ${email} where id = ${shadowed.json<{ id: string }>().id}`,
    );
    const response = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: email, password: victim.password },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().username).toBe(victim.username);
  });

  it('answers 401 with one message for a wrong password or an unknown account', async () => {
    const wrong = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: account.username, password: 'wrong password' },
    });
    const unknown = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: 'nobody_here', password: 'whatever1' },
    });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().message).toBe(IdentityMessages.invalidCredentials);
    expect(unknown.json().message).toBe(IdentityMessages.invalidCredentials);
  });

  it('locks an account after repeated failures, from any address, with 429', async () => {
    const victim = buildRegistration();
    await register(identity.browser(), victim);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      const response = await identity.browser().inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: victim.email, password: `bad-${i}-pass` },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const right = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: victim.username, password: victim.password },
    });
    expect(right.statusCode).toBe(429);
    expect(right.headers['retry-after']).toBeDefined();
    // The per-account window (RATE_LIMIT_LOGIN_PER_ACCOUNT_WINDOW_SECONDS) is an hour by default.
    identity.clock.advance(61 * 60_000);
    const later = await identity.browser().inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: victim.username, password: victim.password },
    });
    expect(later.statusCode).toBe(200);
  });

  it('limits sign-in attempts per IP with 429', async () => {
    const browser = identity.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (
          await browser.inject({
            method: 'POST',
            url: '/api/auth/login',
            payload: { identifier: `nobody${i}`, password: 'whatever1' },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 429]);
  });
});

describe('sessions', () => {
  it('answers 401 Unauthorized when signed out', async () => {
    const response = await identity.browser().inject({ method: 'GET', url: '/api/auth/user' });
    expect(response.statusCode).toBe(401);
    expect(response.json().message).toBe('Unauthorized');
  });

  it('GET /api/auth/session answers 200 either way: user null when signed out, the user (renewed) when signed in', async () => {
    const stranger = await identity.browser().inject({ method: 'GET', url: '/api/auth/session' });
    expect(stranger.statusCode).toBe(200);
    expect(stranger.json()).toEqual({ user: null });

    const browser = identity.browser();
    const { response } = await register(browser);
    const firstRefresh = browser.get(REFRESH_COOKIE);
    identity.clock.advance(11 * 60_000);
    const mine = await browser.inject({ method: 'GET', url: '/api/auth/session' });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user.id).toBe(response.json().id);
    expect(browser.get(REFRESH_COOKIE)).not.toBe(firstRefresh);

    await browser.inject({ method: 'POST', url: '/api/auth/logout' });
    expect((await browser.inject({ method: 'GET', url: '/api/auth/session' })).json()).toEqual({
      user: null,
    });
  });

  it('logout ends the session at once: the old cookies replayed get 401', async () => {
    const browser = identity.browser();
    const { response: registered } = await register(browser);
    const stolen = browser.clone();
    const out = await browser.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(out.statusCode).toBe(200);
    expect(browser.get(ACCESS_COOKIE)).toBeUndefined();
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    // The replayed access cookie is refused even though the JWT itself has not expired.
    expect((await stolen.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect(
      (
        await stolen.inject({
          method: 'GET',
          url: `/api/users/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`,
        })
      ).statusCode,
    ).toBe(401);
    // Other services hear of it through the outbox and refuse the token before it expires.
    const revoked = await identity.outbox('identity.session.revoked.v1');
    const mine = revoked.filter((e) => e.data.userId === registered.json().id);
    expect(mine).toHaveLength(1);
    expect(mine[0]!.data.sessionIds).toHaveLength(1);
    expect(Date.parse(String(mine[0]!.data.accessTokensValidUntil))).toBeGreaterThan(
      identity.clock.now().getTime(),
    );
  });

  it('refreshes transparently when the access token expired, rotating the refresh token', async () => {
    const browser = identity.browser();
    const { response } = await register(browser);
    const firstRefresh = browser.get(REFRESH_COOKIE);
    identity.clock.advance(11 * 60_000);
    const me = await browser.inject({ method: 'GET', url: '/api/auth/user' });
    expect(me.statusCode).toBe(200);
    expect(me.json().id).toBe(response.json().id);
    expect(browser.get(REFRESH_COOKIE)).not.toBe(firstRefresh);
    expect(browser.get(ACCESS_COOKIE)).toBeDefined();
  });

  it('refreshes when the access cookie is gone but the refresh cookie is valid', async () => {
    const browser = identity.browser();
    await register(browser);
    browser.cookies.delete(ACCESS_COOKIE);
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('reuse of an old refresh token revokes the session for everyone', async () => {
    const browser = identity.browser();
    await register(browser);
    const sid = browser.get(REFRESH_COOKIE)!.split('.')[0]!;
    const thief = browser.clone();
    thief.cookies.delete(ACCESS_COOKIE);
    browser.cookies.delete(ACCESS_COOKIE);
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
    // The thief replays the refresh token the browser already rotated, after the two-tabs grace.
    identity.clock.advance(31_000);
    expect((await thief.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    // The session is revoked, so the legitimate browser is signed out too (it must sign in again).
    browser.cookies.delete(ACCESS_COOKIE);
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    const [row] = await queryRows<{ revoked_reason: string }>(
      identity.database.port.db,
      sql`select revoked_reason from identity.sessions where sid = ${sid}`,
    );
    expect(row!.revoked_reason).toBe('refresh-reuse');
  });

  it('issues access tokens every other service accepts with the platform verifier', async () => {
    const browser = identity.browser();
    const { response } = await register(browser);
    const verify = createAccessTokenVerifier(identity.keys.publicKey);
    expect(verify(browser.get(ACCESS_COOKIE)!)).toMatchObject({
      id: response.json().id,
      username: response.json().username,
      role: 'user',
    });
  });

  it('stores refresh tokens only hashed', async () => {
    const browser = identity.browser();
    await register(browser);
    const secret = browser.get(REFRESH_COOKIE)!.split('.')[1]!;
    const rows = await queryRows(
      identity.database.port.db,
      sql`select * from identity.sessions where refresh_hash like ${`%${secret}%`}`,
    );
    expect(rows).toHaveLength(0);
  });

  it('counts per-IP limits by the client address the gateway forwards', async () => {
    // The gateway (trusted: on this machine by default) sets X-Forwarded-For to the real client.
    let attempt = 0;
    const viaGateway = (client: string) =>
      identity.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '127.0.0.1',
        headers: { 'x-forwarded-for': client },
        payload: { identifier: `nobody_${(attempt += 1)}`, password: 'whatever1' },
      });
    for (let i = 0; i < 6; i += 1) expect((await viaGateway('203.0.113.7')).statusCode).toBe(401);
    expect((await viaGateway('203.0.113.7')).statusCode).toBe(429);
    expect((await viaGateway('203.0.113.8')).statusCode).not.toBe(429);
  });

  it('GET /api/login sends the browser to /auth', async () => {
    const response = await identity.app.inject({ method: 'GET', url: '/api/login' });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/auth');
  });
});
