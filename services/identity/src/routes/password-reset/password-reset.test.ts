import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IdentityMessages, PASSWORD_RESET_TOKEN_PURPOSE } from '@saathi/contracts';
import { openToken, queryRows } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { hashToken } from '../../domain/tokens';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';
import type { CookieJar } from '../../testing/cookie-jar';

let identity: TestIdentity;

beforeAll(async () => {
  identity = await startTestIdentity({
    RATE_LIMIT_FORGOT_PER_IP: '3',
    PUBLIC_ORIGIN: 'https://saathi.example',
  });
});
afterAll(async () => {
  await identity?.close();
});

async function registered(browser: CookieJar = identity.browser()) {
  const body = buildRegistration();
  const response = await browser.inject({ method: 'POST', url: '/api/auth/register', payload: body });
  return { ...body, id: response.json().id as string, browser };
}

/** Asks for a reset and returns the token the outbox event carries, sealed, to notification. */
async function requestReset(email: string): Promise<string> {
  const response = await identity
    .browser()
    .inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email } });
  expect(response.statusCode).toBe(200);
  const events = await identity.outbox('identity.password_reset.requested.v2');
  const event = events.filter((e) => e.data.email === email.toLowerCase()).at(-1);
  const sealed = event!.data.sealedToken as string;
  return openToken(identity.mailTokenKey, PASSWORD_RESET_TOKEN_PURPOSE, sealed, identity.clock.now())!;
}

function reset(
  token: string,
  password = 'brand new pw',
  confirmPassword = password,
  browser = identity.browser(),
) {
  return browser.inject({
    method: 'POST',
    url: '/api/auth/reset-password',
    payload: { token, password, confirmPassword },
  });
}

function login(identifier: string, password: string) {
  return identity
    .browser()
    .inject({ method: 'POST', url: '/api/auth/login', payload: { identifier, password } });
}

describe('POST /api/auth/forgot-password', () => {
  it('answers the same for known and unknown e-mails (no enumeration)', async () => {
    const user = await registered();
    const known = await identity
      .browser()
      .inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: user.email } });
    const unknown = await identity
      .browser()
      .inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nobody@example.com' } });
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.body).toBe(unknown.body);
    expect(known.json().message).toBe(IdentityMessages.resetEmailSent);
    const events = await identity.outbox('identity.password_reset.requested.v2');
    expect(events.some((e) => e.data.email === 'nobody@example.com')).toBe(false);
  });

  it('rejects an invalid e-mail with the product message', async () => {
    const response = await identity
      .browser()
      .inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'nope' } });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Please enter a valid email address');
  });

  it('stores only the SHA-256 of a 256-bit token that expires in one hour', async () => {
    const user = await registered();
    const token = await requestReset(user.email);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await queryRows<{ token_hash: string; expires_at: Date; created_at: Date }>(
      identity.database.port.db,
      sql`select token_hash, expires_at, created_at from identity.password_resets where user_id = ${user.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(hashToken(token));
    expect(rows[0]!.token_hash).not.toContain(token);
    expect(new Date(rows[0]!.expires_at).getTime() - new Date(rows[0]!.created_at).getTime()).toBe(3_600_000);
  });

  it('limits requests per IP with 429', async () => {
    const browser = identity.browser();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push(
        (
          await browser.inject({
            method: 'POST',
            url: '/api/auth/forgot-password',
            payload: { email: `x${i}@example.com` },
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('validate and reset', () => {
  it('validates a live token and refuses an unknown one', async () => {
    const user = await registered();
    const token = await requestReset(user.email);
    const ok = await identity.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ valid: true, message: IdentityMessages.resetTokenValid });
    const bad = await identity.app.inject({
      method: 'GET',
      url: `/api/auth/validate-reset-token/${'x'.repeat(43)}`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ valid: false, message: IdentityMessages.resetTokenInvalid });
  });

  it.each([
    [{ token: '', password: 'abcdef', confirmPassword: 'abcdef' }, 'Reset token is required'],
    [{ token: 't', password: 'abc', confirmPassword: 'abcdef' }, 'Password must be at least 6 characters'],
    [{ token: 't', password: 'abcdef', confirmPassword: 'abc' }, 'Please confirm your password'],
    [{ token: 't', password: 'abcdef', confirmPassword: 'abcdeg' }, "Passwords don't match"],
  ])('answers 400 with the product message for %o', async (payload, message) => {
    const response = await identity.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    if (message === "Passwords don't match") expect(response.json().issues[0].path).toBe('confirmPassword');
  });

  it('sets the new password, is single-use, and ends every other session', async () => {
    const user = await registered();
    const otherDevice = identity.browser();
    expect(
      (
        await otherDevice.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { identifier: user.email, password: user.password },
        })
      ).statusCode,
    ).toBe(200);
    const token = await requestReset(user.email);

    const done = await reset(token);
    expect(done.statusCode).toBe(200);
    expect(done.json().message).toBe(IdentityMessages.passwordResetDone);

    expect((await login(user.email, user.password)).statusCode).toBe(401);
    expect((await login(user.email, 'brand new pw')).statusCode).toBe(200);
    // Both earlier sessions (registration and the other device) are over.
    expect((await user.browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);
    expect((await otherDevice.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(401);

    const again = await reset(token, 'another pw1');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(IdentityMessages.resetTokenInvalid);
    expect(
      (await identity.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` })).json()
        .valid,
    ).toBe(false);
  });

  it('keeps the session of the signed-in user who resets their own password', async () => {
    const user = await registered();
    const token = await requestReset(user.email);
    expect((await reset(token, 'brand new pw', 'brand new pw', user.browser)).statusCode).toBe(200);
    expect((await user.browser.inject({ method: 'GET', url: '/api/auth/user' })).statusCode).toBe(200);
  });

  it('refuses a token older than one hour', async () => {
    const user = await registered();
    const token = await requestReset(user.email);
    identity.clock.advance(60 * 60_000 + 1000);
    expect(
      (await identity.app.inject({ method: 'GET', url: `/api/auth/validate-reset-token/${token}` }))
        .statusCode,
    ).toBe(400);
    expect((await reset(token)).statusCode).toBe(400);
    expect((await login(user.email, user.password)).statusCode).toBe(200);
  });

  it('a newer reset link replaces the older one', async () => {
    const user = await registered();
    const first = await requestReset(user.email);
    identity.clock.advance(61_000); // past the per-address cooldown
    const second = await requestReset(user.email);
    expect((await reset(first)).statusCode).toBe(400);
    expect((await reset(second)).statusCode).toBe(200);
  });
});
