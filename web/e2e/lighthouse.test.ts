import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditPages, summarize, type AuditRun } from '../../load-tests/audit/lighthouse';
import { AUDIT_VISITOR, seedFeed } from '../../load-tests/audit/seed';
import { startTestServer, type TestServer } from './server';

// Lighthouse 13, mobile, on /auth and on / with a seeded feed, on a private server (the seeded
// feed must be the only one there). What is held here does not move with the machine's load:
// accessibility, best practices and SEO at 100, no resource blocking the first render, and the
// largest contentful paint drawn from the served HTML (the pre-rendered screen), not from script.
//
// The performance score is main-thread time, which a busy 2-core machine inflates many times
// over (a median of 87 on unchanged code failed a run: issue 27). Speed belongs in benchmarks:
// `npm run audit:web` records it in load-tests/RESULTS.md against its target of 90 (issue 14).
// Each run's score and metrics still go to this log, as a figure and never a verdict.
const RUNS = 1;

/** The HTML a browser's page load of `url` gets. */
function pageLoad(url: string, cookie: string): Promise<string> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { cookie, 'sec-fetch-mode': 'navigate', accept: 'text/html' } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve(body));
      })
      .on('error', reject);
  });
}

describe('Lighthouse (mobile) on the first screens', () => {
  let server: TestServer;
  let results: Map<string, AuditRun[]>;
  const served = new Map<string, string>();

  beforeAll(async () => {
    server = await startTestServer();
    await seedFeed(server.url);
    results = await auditPages([`${server.url}/auth`, `${server.url}/`], {
      runs: RUNS,
      ...AUDIT_VISITOR,
    });
    // The HTML each page is served with to that visitor (the cookie picks the pre-rendered
    // feed), asked for as a browser's page load is. Not with fetch, whose `Sec-Fetch-Mode: cors`
    // gets the service worker's bare shell.
    const cookie = Object.entries(AUDIT_VISITOR.cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    for (const page of ['/auth', '/']) served.set(page, await pageLoad(`${server.url}${page}`, cookie));
  }, 300_000);

  afterAll(async () => {
    await server?.close();
  });

  it.each(['/auth', '/'])(
    '%s scores 100 in accessibility, best practices and SEO, with nothing blocking the first render',
    (page) => {
      const runs = results.get(`${server.url}${page}`) ?? [];
      expect(runs).toHaveLength(RUNS);
      const summary = summarize(runs);
      // The figures, in the run's log: scores (performance is not held here) and each run's metrics.
      console.log(
        `Lighthouse ${page}:`,
        summary.scores,
        `(host benchmark index ${Math.round(summary.benchmarkIndex)})`,
      );
      for (const run of runs)
        console.log(
          `  run: performance ${run.scores.performance}, FCP ${Math.round(run.fcpMs)} ms, LCP ${Math.round(run.lcpMs)} ms, TBT ${Math.round(run.tbtMs)} ms, CLS ${run.cls.toFixed(3)}`,
        );
      expect(summary.failing).toEqual([]);
      expect(summary.scores).toMatchObject({ accessibility: 100, 'best-practices': 100, seo: 100 });
      expect(summary.renderBlocking).toEqual([]);
    },
  );

  it.each(['/auth', '/'])('%s paints its largest content from the served HTML', (page) => {
    const summary = summarize(results.get(`${server.url}${page}`) ?? []);
    expect(summary.lcpElement, 'Lighthouse named no LCP element').toBeTruthy();
    // Lighthouse quotes the element's opening tag; the served HTML must already hold it.
    const openingTag = /^<[^>]*>/.exec(summary.lcpElement!)?.[0] ?? '';
    expect(openingTag).not.toBe('');
    expect(served.get(page)).toContain(openingTag);
  });
});
