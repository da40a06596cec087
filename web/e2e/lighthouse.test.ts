import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPages, summarize, type AuditRun } from '../../load-tests/audit/lighthouse';
import { AUDIT_LOCATION, seedFeed } from '../../load-tests/audit/seed';
import { startTestServer, type TestServer } from './server';

// Lighthouse 13, mobile, medians of 3 runs on /auth and on / with a seeded feed.
// Accessibility, best practices and SEO must be perfect. Performance scores move with the
// machine's load (Lighthouse scales the CPU time it observes by 4), so the floor is set where
// the shared 2-core test machine passes reliably; the goal is 90 (see load-tests/RESULTS.md).
const PERFORMANCE_FLOOR = Number(process.env.LIGHTHOUSE_PERFORMANCE_FLOOR ?? 30);
const RUNS = 3;

describe('Lighthouse (mobile) on the first screens', () => {
  let server: TestServer;
  let results: Map<string, AuditRun[]>;

  beforeAll(async () => {
    server = await startTestServer();
    await seedFeed(server.url);
    results = await auditPages([`${server.url}/auth`, `${server.url}/`], {
      runs: RUNS,
      localStorage: { userLocation: JSON.stringify(AUDIT_LOCATION) },
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
