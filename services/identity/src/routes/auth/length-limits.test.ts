import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildRegistration, startTestIdentity } from '../../testing/test-service';
import type { TestIdentity } from '../../testing/test-service';

let identity: TestIdentity;
beforeAll(async () => {
  identity = await startTestIdentity({ RATE_LIMIT_LOGIN_PER_IP: '1000', RATE_LIMIT_REGISTER_PER_IP: '1000' });
});
afterAll(async () => {
  await identity?.close();
});

const longEmail = `${'a'.repeat(243)}@example.com`; // 255 characters, otherwise valid
const longPassword = 'p'.repeat(129);

function post(url: string, payload: object) {
  return identity.browser().inject({ method: 'POST', url, payload });
}

describe('length limits', () => {
  it.each([
    [
      'register',
      '/api/auth/register',
      buildRegistration({ email: longEmail }),
      'Email must be at most 254 characters',
    ],
    [
      'register',
      '/api/auth/register',
      buildRegistration({ phone: '9'.repeat(21) }),
      'Phone number must be at most 20 characters',
    ],
    [
      'register',
      '/api/auth/register',
      buildRegistration({ password: longPassword }),
      'Password must be at most 128 characters',
    ],
    [
      'sign-in',
      '/api/auth/login',
      { identifier: 'x'.repeat(255), password: 'whatever1' },
      'Email or username must be at most 254 characters',
    ],
    [
      'sign-in',
      '/api/auth/login',
      { identifier: 'someone', password: longPassword },
      'Password must be at most 128 characters',
    ],
    [
      'forgot-password',
      '/api/auth/forgot-password',
      { email: longEmail },
      'Email must be at most 254 characters',
    ],
    [
      'reset-password',
      '/api/auth/reset-password',
      { token: 't', password: longPassword, confirmPassword: longPassword },
      'Password must be at most 128 characters',
    ],
  ])(
    '%s refuses an over-long field with 400 and a clear message (%#)',
    async (_name, url, payload, message) => {
      const response = await post(url, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(message);
    },
  );

  it('refuses a huge password before hashing it, and counts no sign-in attempt for it', async () => {
    const account = buildRegistration();
    expect((await post('/api/auth/register', account)).statusCode).toBe(201);
    const browser = identity.browser();
    for (let i = 0; i < 20; i += 1) {
      const response = await browser.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { identifier: account.email, password: 'x'.repeat(100_000) },
      });
      expect(response.statusCode).toBe(400);
    }
    // Nothing reached the limiter or argon2: the right password still goes straight in.
    const right = await browser.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { identifier: account.email, password: account.password },
    });
    expect(right.statusCode).toBe(200);
  });

  it('keeps the longest allowed values working', async () => {
    const account = buildRegistration({
      email: `${'b'.repeat(242)}@example.com`,
      phone: '9'.repeat(20),
      password: 'p'.repeat(128),
    });
    expect((await post('/api/auth/register', account)).statusCode).toBe(201);
    expect(
      (await post('/api/auth/login', { identifier: account.email, password: account.password })).statusCode,
    ).toBe(200);
  });
});
