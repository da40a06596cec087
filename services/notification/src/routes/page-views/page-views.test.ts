import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { Mailer } from '@saathi/platform';
import { TestClock } from '@saathi/platform/testing';
import { buildUser, startTestNotification } from '../../testing/test-notification';
import type { TestNotification } from '../../testing/test-notification';

const logger = createLogger({ name: 'page-views-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
const noMail: Mailer = {
  kind: 'file',
  send: () => Promise.reject(new Error('no mail expected')),
  ping: () => Promise.resolve(),
  close: () => Promise.resolve(),
};
let notification: TestNotification;

beforeAll(async () => {
  notification = await startTestNotification({
    bus: createMemoryBus({ logger }),
    queue: createMemoryQueue({ logger }),
    mailer: noMail,
    clock,
  });
});
afterAll(() => notification?.close());

const view = (route: unknown, headers: Record<string, string> = {}) =>
  notification.app.inject({ method: 'POST', url: '/api/page-views', payload: { route }, headers });
const report = (role: 'admin' | 'user' | null, days?: number) =>
  notification.app.inject({
    method: 'GET',
    url: `/api/admin/page-views${days ? `?days=${days}` : ''}`,
    ...(role ? notification.signIn(buildUser({ role })) : {}),
  });

describe('page views without tracking people', () => {
  it('counts views per screen template and day, and stores nothing else', async () => {
    for (const route of ['/profile/:userId', '/profile/:userId', '/blog'])
      expect((await view(route)).json()).toEqual({ counted: true });
    clock.advance(24 * 60 * 60 * 1000);
    await view('/profile/:userId');
    const res = await report('admin');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      days: 30,
      counts: [
        { day: '2026-03-03', route: '/profile/:userId', views: 1 },
        { day: '2026-03-02', route: '/profile/:userId', views: 2 },
        { day: '2026-03-02', route: '/blog', views: 1 },
      ],
    });
    // The table has nowhere to put a person: day, route and a number.
    const columns = await notification.rows<{ column_name: string }>(
      sql`select column_name from information_schema.columns where table_schema = 'notification' and table_name = 'page_views' order by 1`,
    );
    expect(columns.map((c) => c.column_name)).toEqual(['day', 'route', 'views']);
  });

  it('counts nothing when the browser asks not to be tracked (DNT or GPC)', async () => {
    const before = (await report('admin')).json<{ counts: { route: string; views: number }[] }>();
    const auth = before.counts.find((c) => c.route === '/auth')?.views ?? 0;
    expect((await view('/auth', { dnt: '1' })).json()).toEqual({ counted: false });
    expect((await view('/auth', { 'sec-gpc': '1' })).json()).toEqual({ counted: false });
    const after = (await report('admin')).json<{ counts: { route: string; views: number }[] }>();
    expect(after.counts.find((c) => c.route === '/auth')?.views ?? 0).toBe(auth);
  });

  it('takes only the app’s screen templates, never a raw path with an id in it', async () => {
    const res = await view('/profile/3f2b8c1e-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe('Unknown page');
    expect((await view(42)).statusCode).toBe(400);
  });

  it('shows the counts to admins only', async () => {
    expect((await report(null)).statusCode).toBe(401);
    expect((await report('user')).statusCode).toBe(403);
    expect((await report('admin', 1)).json<{ days: number }>().days).toBe(1);
    expect((await report('admin', 500)).statusCode).toBe(400);
  });
});
