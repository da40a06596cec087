import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import {
  ACCESS_COOKIE,
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  IdentityMessages,
  REFRESH_COOKIE,
} from '@saathi/contracts';
import { openToken, queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import type { CookieJar } from '../../testing/cookie-jar';

const REDIRECT_URI = 'http://localhost:3000/api/auth/google/callback';
let oidc: OAuth2Server;
let identity: TestIdentity;
/** What the mock's next ID token says about the user. */
let nextClaims: Record<string, unknown> = {};

beforeAll(async () => {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, 'localhost');
  oidc.service.on('beforeTokenSigning', (token) => {
    // Only the ID token carries a nonce claim; add the user's claims there.
    if ('nonce' in token.payload) Object.assign(token.payload, nextClaims);
  });
  identity = await startTestIdentity({
    GOOGLE_ISSUER: oidc.issuer.url!,
    GOOGLE_CLIENT_ID: 'saathi-test-client',
    GOOGLE_CLIENT_SECRET: 'saathi-test-secret',
    GOOGLE_REDIRECT_URI: REDIRECT_URI,
    ADMIN_EMAILS: 'lead@gmail.example',
  });
});
afterAll(async () => {
  await identity?.close();
  await oidc?.stop();
});

/** Browser → /api/auth/google → provider → back to the callback, following redirects by hand. */
async function signInWithGoogle(browser: CookieJar, tamper?: (callback: URL) => void) {
  const start = await browser.inject({ method: 'GET', url: '/api/auth/google' });
  expect(start.statusCode).toBe(302);
  const authorize = new URL(start.headers.location as string);
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorize.searchParams.get('state')).toBeTruthy();
  expect(authorize.searchParams.get('nonce')).toBeTruthy();
  expect(authorize.searchParams.get('redirect_uri')).toBe(REDIRECT_URI);
  const provider = await fetch(authorize, { redirect: 'manual' });
  const callback = new URL(provider.headers.get('location')!);
  tamper?.(callback);
  return browser.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
}

const failedLocation = `/auth?error=${encodeURIComponent(IdentityMessages.googleFailed)}`;

/** A password account, signed in in its own browser. */
async function registerWithPassword(email: string, username: string, password = 'secret12') {
  const browser = identity.browser();
  const response = await browser.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { username, email, phone: '9876543210', password },
  });
  expect(response.statusCode).toBe(201);
  return { browser, id: response.json<{ id: string }>().id, email, username, password };
}

function signInWithPassword(identifier: string, password: string) {
  return identity
    .browser()
    .inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
}

/** Opens the newest verification link in the account's own signed-in browser. */
async function verifyByMail(userId: string, browser: CookieJar) {
  const events = await identity.outbox('identity.email_verification.requested.v2');
  const sealed = events.filter((e) => e.data.userId === userId).at(-1)!.data.sealedToken as string;
  const token = openToken(
    identity.mailTokenKey,
    EMAIL_VERIFICATION_TOKEN_PURPOSE,
    sealed,
    identity.clock.now(),
  )!;
  const response = await browser.inject({
    method: 'POST',
    url: '/api/auth/verify-email',
    payload: { token },
  });
  expect(response.statusCode).toBe(200);
}

const provedEvents = async (userId: string) =>
  (await identity.outbox('identity.user.email_verified.v1'))
    .filter((e) => e.data.userId === userId)
    .map((e) => e.data);

async function currentUser(browser: CookieJar) {
  return browser.inject({ method: 'GET', url: '/api/auth/user' });
}

describe('Google sign-in', () => {
  it('creates the account on first sign-in and links by subject on the second', async () => {
    nextClaims = {
      sub: 'google-sub-1',
      email: 'Priya.Sharma@gmail.example',
      email_verified: true,
      given_name: 'Priya',
      family_name: 'Sharma',
    };
    const browser = identity.browser();
    const first = await signInWithGoogle(browser);
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/home');
    expect(browser.get(ACCESS_COOKIE)).toBeDefined();
    const me = (await browser.inject({ method: 'GET', url: '/api/auth/user' })).json();
    expect(me).toMatchObject({
      username: 'priya.sharma',
      email: 'priya.sharma@gmail.example',
      firstName: 'Priya',
      lastName: 'Sharma',
      emailVerified: true,
    });
    const events = await identity.outbox('identity.user.registered.v1');
    expect(events.some((e) => e.data.userId === me.id)).toBe(true);
    // Google proved the address: no verification mail, and other services may mail it at once.
    const links = await identity.outbox('identity.email_verification.requested.v2');
    expect(links.some((e) => e.data.userId === me.id)).toBe(false);
    expect(await provedEvents(me.id)).toEqual([
      {
        userId: me.id,
        email: 'priya.sharma@gmail.example',
        username: 'priya.sharma',
        firstName: 'Priya',
        lastName: 'Sharma',
      },
    ]);

    // Same Google account, different e-mail now: still the same Saathi account.
    nextClaims = { ...nextClaims, email: 'priya.new@gmail.example' };
    const again = identity.browser();
    expect((await signInWithGoogle(again)).headers.location).toBe('/home');
    expect((await again.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(me.id);
  });

  it('links to an existing password account whose owner verified the address, keeping its password and sessions', async () => {
    const owner = await registerWithPassword('ravi@gmail.example', 'ravi_k');
    await verifyByMail(owner.id, owner.browser);
    nextClaims = { sub: 'google-sub-2', email: 'ravi@gmail.example', email_verified: true };
    const browser = identity.browser();
    expect((await signInWithGoogle(browser)).headers.location).toBe('/home');
    expect((await currentUser(browser)).json().id).toBe(owner.id);
    expect((await currentUser(owner.browser)).statusCode).toBe(200);
    expect((await signInWithPassword(owner.email, owner.password)).statusCode).toBe(200);
  });

  it('hands an account registered with an unverified address to the Google user who proves it: password removed, every session ended', async () => {
    // The attacker registers the victim's address with a password of their own and stays signed in.
    const attacker = await registerWithPassword('meera@gmail.example', 'not_meera', 'attacker-pw');
    const attackerRefreshOnly = attacker.browser.clone();
    attackerRefreshOnly.cookies.delete(ACCESS_COOKIE);
    expect(attackerRefreshOnly.get(REFRESH_COOKIE)).toBeDefined();

    nextClaims = { sub: 'google-sub-meera', email: 'Meera@gmail.example', email_verified: true };
    const victim = identity.browser();
    expect((await signInWithGoogle(victim)).headers.location).toBe('/home');
    const me = (await currentUser(victim)).json();
    expect(me).toMatchObject({ id: attacker.id, emailVerified: true });

    // The attacker is out: access cookie, refresh cookie and password all refused.
    expect((await currentUser(attacker.browser)).statusCode).toBe(401);
    expect((await currentUser(attackerRefreshOnly)).statusCode).toBe(401);
    expect((await signInWithPassword(attacker.email, attacker.password)).statusCode).toBe(401);
    const [row] = await queryRows<{ password_hash: string | null; google_id: string }>(
      identity.database.port.db,
      sql`select password_hash, google_id from identity.users where id = ${attacker.id}`,
    );
    expect(row).toEqual({ password_hash: null, google_id: 'google-sub-meera' });
    const sessions = await queryRows<{ revoked_reason: string | null }>(
      identity.database.port.db,
      sql`select revoked_reason from identity.sessions where user_id = ${attacker.id} and revoked_at is not null`,
    );
    expect(sessions.map((s) => s.revoked_reason)).toEqual(['account-claimed']);
    expect(await provedEvents(attacker.id)).toHaveLength(1);
    // Every service hears that the attacker's session ended.
    const revoked = await identity.outbox('identity.session.revoked.v1');
    expect(revoked.filter((e) => e.data.userId === attacker.id)).toHaveLength(1);
    // The Google user's own session is live.
    expect((await currentUser(victim)).statusCode).toBe(200);
  });

  it('claims an account linked before links needed a proven address, at its next Google sign-in', async () => {
    const attacker = await registerWithPassword('arjun@gmail.example', 'not_arjun', 'attacker-pw');
    // The old code linked Google to an unverified password account.
    await identity.database.port.db.execute(
      sql`update identity.users set google_id = 'google-sub-arjun' where id = ${attacker.id}`,
    );
    nextClaims = { sub: 'google-sub-arjun', email: 'arjun@gmail.example', email_verified: true };
    const owner = identity.browser();
    expect((await signInWithGoogle(owner)).headers.location).toBe('/home');
    expect((await currentUser(owner)).json()).toMatchObject({ id: attacker.id, emailVerified: true });
    expect((await currentUser(attacker.browser)).statusCode).toBe(401);
    expect((await signInWithPassword(attacker.email, attacker.password)).statusCode).toBe(401);
  });

  it('does not link, claim or create an account from an address Google does not vouch for', async () => {
    const owner = await registerWithPassword('dev@gmail.example', 'dev_p');
    nextClaims = { sub: 'google-sub-dev', email: 'dev@gmail.example', email_verified: false };
    const browser = identity.browser();
    const linking = await signInWithGoogle(browser);
    expect(linking.headers.location).toBe(failedLocation);
    expect(browser.get(ACCESS_COOKIE)).toBeUndefined();
    expect((await currentUser(owner.browser)).statusCode).toBe(200);
    expect((await signInWithPassword(owner.email, owner.password)).statusCode).toBe(200);

    nextClaims = { sub: 'google-sub-new', email: 'fresh@gmail.example' };
    const creating = await signInWithGoogle(identity.browser());
    expect(creating.headers.location).toBe(failedLocation);
    const rows = await queryRows(
      identity.database.port.db,
      sql`select 1 from identity.users where email = 'fresh@gmail.example' or google_id in ('google-sub-dev', 'google-sub-new')`,
    );
    expect(rows).toHaveLength(0);
  });

  it('gives the admin role to a listed address Google proves', async () => {
    nextClaims = { sub: 'google-sub-lead', email: 'lead@gmail.example', email_verified: true };
    const browser = identity.browser();
    await signInWithGoogle(browser);
    expect((await currentUser(browser)).json()).toMatchObject({ role: 'admin', emailVerified: true });
  });

  it('makes a username sign-up would take of any address, and cleans the names Google gives', async () => {
    nextClaims = {
      sub: 'google-sub-names',
      email: 'admin@gmail.example',
      email_verified: true,
      given_name: '\u202eKavya\u202c',
      family_name: 'Rao\u0007',
    };
    const browser = identity.browser();
    await signInWithGoogle(browser);
    expect((await currentUser(browser)).json()).toMatchObject({
      username: 'user_admin',
      firstName: 'Kavya',
      lastName: 'Rao',
    });
    nextClaims = { sub: 'google-sub-dash', email: 'anil-kumar@gmail.example', email_verified: true };
    const other = identity.browser();
    await signInWithGoogle(other);
    expect((await currentUser(other)).json().username).toBe('anilkumar');
  });

  it('gives a unique username when the e-mail name is taken', async () => {
    nextClaims = { sub: 'google-sub-3', email: 'ravi_k@other.example', email_verified: true };
    const browser = identity.browser();
    await signInWithGoogle(browser);
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).json().username).toBe('ravi_k1');
  });

  it('refuses a callback whose state does not match the flow cookie', async () => {
    nextClaims = { sub: 'google-sub-4', email: 'eve@gmail.example', email_verified: true };
    const browser = identity.browser();
    const response = await signInWithGoogle(browser, (callback) =>
      callback.searchParams.set('state', 'forged-state'),
    );
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `/auth?error=${encodeURIComponent(IdentityMessages.googleFailed)}`,
    );
    expect(browser.get(ACCESS_COOKIE)).toBeUndefined();
  });

  it('refuses a callback without the flow cookie (login CSRF)', async () => {
    const response = await identity
      .browser()
      .inject({ method: 'GET', url: '/api/auth/google/callback?code=abc&state=def' });
    expect(response.headers.location).toBe(
      `/auth?error=${encodeURIComponent(IdentityMessages.googleFailed)}`,
    );
  });
});

describe('Google sign-in not configured', () => {
  it('returns to /auth with a clear message', async () => {
    const bare = await startTestIdentity();
    try {
      const response = await bare.app.inject({ method: 'GET', url: '/api/auth/google' });
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(
        `/auth?error=${encodeURIComponent(IdentityMessages.googleNotConfigured)}`,
      );
    } finally {
      await bare.close();
    }
  });
});
