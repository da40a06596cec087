import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OAuth2Server } from 'oauth2-mock-server';
import { ACCESS_COOKIE, IdentityMessages } from '@saathi/contracts';
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
    });
    const events = await identity.outbox('identity.user.registered.v1');
    expect(events.some((e) => e.data.userId === me.id)).toBe(true);

    // Same Google account, different e-mail now: still the same Saathi account.
    nextClaims = { ...nextClaims, email: 'priya.new@gmail.example' };
    const again = identity.browser();
    expect((await signInWithGoogle(again)).headers.location).toBe('/home');
    expect((await again.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(me.id);
  });

  it('links to an existing password account with the same verified e-mail', async () => {
    const owner = identity.browser();
    const registered = await owner.inject({
      method: 'POST',
      url: '/api/auth/register',
      payload: { username: 'ravi_k', email: 'ravi@gmail.example', phone: '9876543210', password: 'secret12' },
    });
    nextClaims = { sub: 'google-sub-2', email: 'ravi@gmail.example', email_verified: true };
    const browser = identity.browser();
    expect((await signInWithGoogle(browser)).headers.location).toBe('/home');
    expect((await browser.inject({ method: 'GET', url: '/api/auth/user' })).json().id).toBe(
      registered.json().id,
    );
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
