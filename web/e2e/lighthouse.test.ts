import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPages, summarize, type AuditRun } from '../../load-tests/audit/lighthouse';
import { AUDIT_VISITOR, seedFeed } from '../../load-tests/audit/seed';
import { startTestServer, type TestServer } from './server';

// Lighthouse 13, mobile, medians of 3 runs on /auth and on / with a seeded feed.
// Accessibility, best practices and SEO must be perfect. Performance scores move with the
// machine's load: Lighthouse scales the wall time of the main-thread tasks it observes by 4, and
// on the shared 2-core test machine a task's wall time is up to ~10× its CPU time under load.
// Measured medians since the inlined stylesheet, fewer first-load chunks and sliced renders
// (load-tests/RESULTS.md, "Web performance: issue 14's leftovers"): / 65-96, /auth 66-92, with
// single runs of 96-98 whenever the machine was quiet and of 25-55 at a load average of 30+.
// The floor is where that machine passes reliably; the goal is 95 (90 for this test).
const PERFORMANCE_FLOOR = Number(process.env.LIGHTHOUSE_PERFORMANCE_FLOOR ?? 50);
const RUNS = 3;

describe('Lighthouse (mobile) on the first screens', () => {
  let server: TestServer;
  let results: Map<string, AuditRun[]>;

  beforeAll(async () => {
    server = await startTestServer();
    await seedFeed(server.url);
    results = await auditPages([`${server.url}/auth`, `${server.url}/`], {
      runs: RUNS,
      ...AUDIT_VISITOR,
    });
  }, 300_000);

  afterAll(async () => {
    await server?.close();
  });

  it.each(['/auth', '/'])(
    '%s scores 100 in accessibility, best practices and SEO, and passes the performance floor',
    (page) => {
      const runs = results.get(`${server.url}${page}`) ?? [];
      expect(runs).toHaveLength(RUNS);
      const median = summarize(runs);
      expect(median.failing).toEqual([]);
      expect(median.scores).toMatchObject({ accessibility: 100, 'best-practices': 100, seo: 100 });
      expect(median.scores.performance).toBeGreaterThanOrEqual(PERFORMANCE_FLOOR);
    },
  );
});
