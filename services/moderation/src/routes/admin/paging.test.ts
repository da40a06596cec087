import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { OPEN_CASES_PAGE_MAX, OPEN_CASES_PAGE_SIZE } from '@saathi/contracts';
import type { OpenCasesPage } from '@saathi/contracts';
import { encodeCaseCursor } from '../../domain/case-cursor';
import { buildAdmin, buildUser, startTestModeration } from '../../testing/test-moderation';
import type { TestModeration } from '../../testing/test-moderation';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

const admin = buildAdmin();

function get(query: Record<string, string>) {
  return moderation.app.inject({
    method: 'GET',
    url: '/api/moderation/admin/cases',
    query,
    ...moderation.signIn(admin),
  });
}

async function page(query: Record<string, string>): Promise<OpenCasesPage> {
  const response = await get(query);
  expect(response.statusCode).toBe(200);
  return response.json<OpenCasesPage>();
}

const key = (entry: { targetKind: string; targetId: string }) => `${entry.targetKind}:${entry.targetId}`;

describe('the review queue, a page at a time', () => {
  // 45 cases: ten at one instant (ties broken by kind and id), the rest a second apart each.
  const filed: string[] = [];
  beforeAll(async () => {
    for (let index = 0; index < 45; index += 1) {
      // A reporter each: one person may file only REPORTS_PER_HOUR (20) reports an hour.
      const reporter = buildUser();
      if (index >= 10) moderation.clock.advance(1_000);
      const targetId = randomUUID();
      const targetKind = index % 3 === 0 ? 'comment' : 'post';
      expect(await moderation.report(reporter, { targetKind, targetId })).toBe(201);
      filed.push(`${targetKind}:${targetId}`);
    }
  });

  it('gives 20 by default and walks the queue with no repeats and no gaps, oldest first', async () => {
    const first = await page({});
    expect(first.cases).toHaveLength(OPEN_CASES_PAGE_SIZE);
    expect(first.nextCursor).toEqual(expect.any(String));

    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const next: OpenCasesPage = await page({ limit: '7', ...(cursor ? { cursor } : {}) });
      expect(next.cases.length).toBeLessThanOrEqual(7);
      seen.push(...next.cases.map(key));
      cursor = next.nextCursor;
      pages += 1;
    } while (cursor);
    expect(pages).toBe(7); // 45 = 6 × 7 + 3
    expect(new Set(seen).size).toBe(seen.length);
    expect([...seen].sort()).toEqual([...filed].sort());
    // The same order as the whole queue read in one go, the first 20 being the default page.
    const whole = await page({ limit: String(OPEN_CASES_PAGE_MAX) });
    expect(whole.cases.map(key)).toEqual(seen);
    expect(first.cases.map(key)).toEqual(seen.slice(0, OPEN_CASES_PAGE_SIZE));
    // The instants only grow along the walk.
    const times = whole.cases.map((entry) => entry.firstReportedAt);
    expect(times).toEqual([...times].sort());
  });

  it('keeps its place while cases before the cursor are reviewed', async () => {
    const first = await page({ limit: '10' });
    for (const entry of first.cases) {
      const response = await moderation.app.inject({
        method: 'POST',
        url: '/api/moderation/admin/actions',
        ...moderation.signIn(admin),
        payload: { action: 'dismiss', targetKind: entry.targetKind, targetId: entry.targetId },
      });
      expect(response.statusCode).toBe(200);
    }
    const second = await page({ limit: '10', cursor: first.nextCursor ?? '' });
    const fresh = await page({ limit: '10' });
    // After the dismissals the queue's first page is exactly what came after the cursor.
    expect(second.cases.map(key)).toEqual(fresh.cases.map(key));
    await moderation.rows(sql`update moderation.cases set status = 'open' where status = 'dismissed'`);
  });

  it('ends with a null cursor on the last page', async () => {
    const all = await page({ limit: String(OPEN_CASES_PAGE_MAX) });
    expect(all.cases).toHaveLength(45);
    expect(all.nextCursor).toBeNull();
  });

  it('refuses a bad cursor or limit with 400 and a message', async () => {
    const made = encodeCaseCursor({ firstReportedMicros: '1', targetKind: 'post', targetId: randomUUID() });
    expect((await get({ cursor: made })).statusCode).toBe(200);
    const refused: Record<string, string>[] = [
      { cursor: 'not-a-cursor' },
      { cursor: '!!!' },
      { cursor: Buffer.from('12.planet.' + randomUUID()).toString('base64url') },
      { cursor: Buffer.from('soon.post.' + randomUUID()).toString('base64url') },
      // Well formed, but outside what PostgreSQL's bigint and timestamp hold (a 500 once).
      { cursor: Buffer.from('9999999999999999999.post.' + randomUUID()).toString('base64url') },
      { cursor: Buffer.from('-9223372036854775807.post.' + randomUUID()).toString('base64url') },
      { limit: '0' },
      { limit: String(OPEN_CASES_PAGE_MAX + 1) },
      { limit: 'many' },
    ];
    for (const query of refused) {
      const response = await get(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json<{ message: string }>().message).toEqual(expect.any(String));
    }
    expect((await get({ cursor: 'not-a-cursor' })).json()).toMatchObject({ message: 'Invalid cursor' });
  });
});
