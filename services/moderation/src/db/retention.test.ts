import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildAdmin, buildUser, startTestModeration } from '../testing/test-moderation';
import type { TestModeration } from '../testing/test-moderation';
import { applyRetention, AUDIT_RETENTION_MS, REVIEWED_CASE_RETENTION_MS } from './retention';

let moderation: TestModeration;
beforeAll(async () => {
  moderation = await startTestModeration();
});
afterAll(() => moderation.close());

const count = async (table: string, targetId: string) =>
  (
    await moderation.rows<{ n: number }>(
      sql`select count(*)::int as n from ${sql.raw(`moderation.${table}`)} where target_id = ${targetId}`,
    )
  )[0]?.n;

describe('retention', () => {
  it('deletes reviewed cases with their reports after 180 days, audit rows after two years, open cases never', async () => {
    const admin = buildAdmin();
    const [reviewed, open] = [randomUUID(), randomUUID()];
    expect(await moderation.report(buildUser(), { targetId: reviewed })).toBe(201);
    expect(await moderation.report(buildUser(), { targetId: open })).toBe(201);
    const dismissed = await moderation.app.inject({
      method: 'POST',
      url: '/api/moderation/admin/actions',
      ...moderation.signIn(admin),
      payload: { action: 'dismiss', targetKind: 'post', targetId: reviewed },
    });
    expect(dismissed.statusCode).toBe(200);
    const db = moderation.database.port.db;
    const start = moderation.clock.now().getTime();

    await applyRetention(db, new Date(start + REVIEWED_CASE_RETENTION_MS - 60_000));
    expect(await count('cases', reviewed)).toBe(1);

    await applyRetention(db, new Date(start + REVIEWED_CASE_RETENTION_MS + 60_000));
    expect(await count('cases', reviewed)).toBe(0);
    expect(await count('reports', reviewed)).toBe(0);
    expect(await count('audit_log', reviewed)).toBe(1);
    expect(await count('cases', open)).toBe(1);
    expect(await count('reports', open)).toBe(1);

    await applyRetention(db, new Date(start + AUDIT_RETENTION_MS + 60_000));
    expect(await count('audit_log', reviewed)).toBe(0);
    expect(await count('cases', open)).toBe(1);
  });
});
