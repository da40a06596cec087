import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPages, summarize, type AuditRun } from '../../load-tests/audit/lighthouse';
import { AUDIT_VISITOR, seedFeed } from '../../load-tests/audit/seed';
import { startTestServer, type TestServer } from './server';

// Lighthouse 13, mobile, medians of 5 runs on /auth and on / with a seeded feed (5 rather than 3:
// single runs of / move by ±4 on the 2-core machine, and the median of 5 moves less).
// Accessibility, best practices and SEO must be perfect, and performance at least 90 (issue 14).
// Performance is mostly the main thread's time after the first paint, which Lighthouse scales by
// 4: on the 2-core test machine a task's wall time is up to ~10× its CPU time while other tests
// run (medians of 65-85 then, load-tests/RESULTS.md), so `npm test` runs this file alone, before
// the others (see vitest.config.ts); `npm run test:lighthouse` does the same by hand.
// The host's speed moves too, day to day: each run's benchmark index goes to the log with its
// metrics. On a host three times slower (simulated with 12× instead of 4×) / still scored medians
// of 92-93 with the app's scripts started after the first paint (RESULTS.md, "First paint
// without the scripts"); before that change a floor of 90 for / failed unchanged code on slow days.
const PERFORMANCE_FLOOR = 90;
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
      console.log(
        `Lighthouse ${page}: median of ${RUNS}`,
        median.scores,
        `(host benchmark index ${Math.round(median.benchmarkIndex)})`,
      );
      for (const run of runs)
        console.log(
          `  run: performance ${run.scores.performance}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
        );
      expect(median.failing).toEqual([]);
      expect(median.scores).toMatchObject({ accessibility: 100, 'best-practices': 100, seo: 100 });
      expect(median.scores.performance).toBeGreaterThanOrEqual(PERFORMANCE_FLOOR);
    },
  );
});
