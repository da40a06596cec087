import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPages, summarize, type AuditRun } from '../../load-tests/audit/lighthouse';
import { AUDIT_VISITOR, seedFeed } from '../../load-tests/audit/seed';
import { startTestServer, type TestServer } from './server';

// Lighthouse 13, mobile, medians of 5 runs on /auth and on / with a seeded feed (5 rather than 3:
// single runs of / move by ±4 on the 2-core machine, and the median of 5 moves less).
// Accessibility, best practices and SEO must be perfect, and performance at least the page's floor.
// Performance is the main thread's time, which Lighthouse scales by 4: on the 2-core test machine
// a task's wall time is up to ~10× its CPU time while other tests run (medians of 65-85 then,
// load-tests/RESULTS.md), so `npm test` runs this file alone, before the others (see
// vitest.config.ts); `npm run test:lighthouse` does the same by hand.
// The floors guard against regressions, they are not the goal (95, issue 14): alone on this
// machine the same build's median of / was 90-95 one day and 87-88 in four runs the next, whose
// single runs spread from 83 to 93, so a floor of 90 failed unchanged code. 82 keeps a margin
// under that day's medians and still fails the regression it exists for (the service worker
// installing at load: 78). /auth's medians stay at 96-100.
const PERFORMANCE_FLOOR: Record<string, number> = { '/auth': 90, '/': 82 };
const RUNS = 5;

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
      // The figures behind the verdict, in the run's log: the medians and each run's metrics.
      console.log(`Lighthouse ${page}: median of ${RUNS}`, median.scores);
      for (const run of runs)
        console.log(
          `  run: performance ${run.scores.performance}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
        );
      expect(median.failing).toEqual([]);
      expect(median.scores).toMatchObject({ accessibility: 100, 'best-practices': 100, seo: 100 });
      expect(median.scores.performance).toBeGreaterThanOrEqual(PERFORMANCE_FLOOR[page] ?? 90);
    },
  );
});
