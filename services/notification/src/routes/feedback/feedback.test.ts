import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Feedback } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, Mailer } from '@saathi/platform';
import { TestClock } from '@saathi/platform/testing';
import { USER_AGENT_MAX } from '../../use-cases/feedback';
import { buildUser, startTestNotification } from '../../testing/test-notification';
import type { TestNotification } from '../../testing/test-notification';

const logger = createLogger({ name: 'feedback-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('no mail expected')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
const PER_HOUR = 3;
let notification: TestNotification;

beforeAll(async () => {
  notification = await startTestNotification({
    bus: createMemoryBus({ logger }),
    queue: createMemoryQueue({ logger }),
    mailer: noMail,
    clock,
    env: { FEEDBACK_PER_HOUR: String(PER_HOUR) },
  });
});
afterAll(() => notification?.close());

let addressCounter = 0;
/** Every call comes from its own address (through the gateway on loopback) unless one is given. */
function send(payload: unknown, options: { user?: AuthUser; ip?: string; userAgent?: string } = {}) {
  addressCounter += 1;
  return notification.app.inject({
    method: 'POST',
    url: '/api/feedback',
    payload: payload as Record<string, unknown>,
    headers: {
      'x-forwarded-for': options.ip ?? `198.51.100.${addressCounter % 250}`,
      ...(options.userAgent ? { 'user-agent': options.userAgent } : {}),
    },
    ...(options.user ? notification.signIn(options.user) : {}),
  });
}

const stored = async (id: string) =>
  (
    await notification.rows<{ user_id: string | null; content: string; status: string; user_info: unknown }>(
      sql`select user_id, content, status, user_info from notification.feedback where id = ${id}::uuid`,
    )
  )[0];

describe('POST /api/feedback', () => {
  it('accepts a signed-out visitor’s feedback with no user, trimmed, open, with the browser', async () => {
    const response = await send(
      { type: 'bug', content: '  The map does not load  ' },
      { userAgent: 'Mozilla/5.0 (TestBrowser)' },
    );
    expect(response.statusCode).toBe(201);
    const body = response.json<{ id: string; status: string }>();
    expect(body.status).toBe('open');
    expect(await stored(body.id)).toEqual({
      user_id: null,
      content: 'The map does not load',
      status: 'open',
      user_info: { userAgent: 'Mozilla/5.0 (TestBrowser)' },
    });
  });

  it('records the signed-in sender and keeps at most 512 characters of the user agent', async () => {
    const user = buildUser();
    const response = await send(
      { type: 'feature', content: 'Dark mode please' },
      { user, userAgent: 'x'.repeat(5000) },
    );
    expect(response.statusCode).toBe(201);
    const row = await stored(response.json<{ id: string }>().id);
    expect(row?.user_id).toBe(user.id);
    expect((row?.user_info as { userAgent: string }).userAgent).toHaveLength(USER_AGENT_MAX);
  });

  it('refuses blank, missing and too long content with the form’s messages, and a bad type', async () => {
    for (const content of ['', '   \n ', undefined]) {
      const response = await send({ type: 'bug', content });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Please enter your feedback' });
    }
    const tooLong = await send({ type: 'bug', content: 'a'.repeat(501) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json()).toMatchObject({ message: 'Feedback can be at most 500 characters' });
    expect((await send({ type: 'bug', content: 'a'.repeat(500) })).statusCode).toBe(201);
    // 500 after trimming is still fine.
    expect((await send({ type: 'bug', content: ` ${'a'.repeat(500)} ` })).statusCode).toBe(201);

    for (const type of ['praise', undefined, 42]) {
      const response = await send({ type, content: 'Nice' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Choose feature or bug' });
    }
    const malformed = await notification.app.inject({
      method: 'POST',
      url: '/api/feedback',
      headers: { 'content-type': 'application/json' },
      payload: '{"type": "bug", "content":',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it(`lets an address send ${PER_HOUR} an hour, and a signed-in user ${PER_HOUR} of their own`, async () => {
    const ip = '203.0.113.7';
    for (let i = 0; i < PER_HOUR; i += 1)
      expect((await send({ type: 'bug', content: `Report ${i}` }, { ip })).statusCode).toBe(201);
    const refused = await send({ type: 'bug', content: 'One more' }, { ip });
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ message: 'Too many attempts. Please try again later.' });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    // Signed in from the same address: counted per account, not per address.
    const user = buildUser();
    expect((await send({ type: 'bug', content: 'Mine' }, { ip, user })).statusCode).toBe(201);

    clock.advance(3_600_000 + 1000);
    expect((await send({ type: 'bug', content: 'Next hour' }, { ip })).statusCode).toBe(201);
  });
});

describe('GET /api/feedback', () => {
  it('is for admins only: 401 signed out, 403 for a user', async () => {
    const signedOut = await notification.app.inject({ url: '/api/feedback' });
    expect(signedOut.statusCode).toBe(401);
    const user = await notification.app.inject({ url: '/api/feedback', ...notification.signIn(buildUser()) });
    expect(user.statusCode).toBe(403);
    expect(user.json()).toMatchObject({ message: 'Forbidden' });
  });

  it('lists newest first for an admin, page by page', async () => {
    clock.advance(60_000);
    await send({ type: 'feature', content: 'Older idea' });
    clock.advance(60_000);
    await send({ type: 'bug', content: 'Newest bug' });
    const admin = buildUser({ role: 'admin' });
    const response = await notification.app.inject({
      url: '/api/feedback?limit=2',
      ...notification.signIn(admin),
    });
    expect(response.statusCode).toBe(200);
    const list = response.json<Feedback[]>();
    expect(list.map((entry) => [entry.type, entry.content, entry.status])).toEqual([
      ['bug', 'Newest bug', 'open'],
      ['feature', 'Older idea', 'open'],
    ]);
    const next = await notification.app.inject({
      url: '/api/feedback?limit=1&offset=1',
      ...notification.signIn(admin),
    });
    expect(next.json<Feedback[]>().map((entry) => entry.content)).toEqual(['Older idea']);
    const bad = await notification.app.inject({
      url: '/api/feedback?limit=1000',
      ...notification.signIn(admin),
    });
    expect(bad.statusCode).toBe(400);
  });
});
