/**
 * `npx tsx load-tests/audit/diagnose.ts [pages] [runs]` (default `/,/auth` and 1; `/profile/:id` is the
 * seeded account's profile): what makes a
 * Lighthouse score, run by run. Builds nothing (run `npm run build -w web` first, or name another
 * build's directory in SAATHI_WEB_DIST), starts the
 * embedded product on a fresh data dir with the audit's seeded feed, runs Lighthouse (mobile,
 * performance only) like `auditPages`, and prints each run's metrics, the main-thread time by
 * script and by kind, the long tasks, the LCP element and its phases, and the renderer's CPU
 * time against its wall time from the trace (on a loaded machine the wall time, which Lighthouse
 * multiplies by 4, is many times the CPU time). Each run's trace and artifacts stay in a
 * temporary directory whose path is printed.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as constants from 'lighthouse/core/config/constants.js';
import { chromium } from 'playwright-core';
import { startEmbedded } from '@saathi/embedded';
import { AUDIT_VISITOR, seedFeed } from './seed';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
  args?: { data?: { documentLoaderURL?: string } };
}
interface Item {
  url?: string;
  total?: number;
  scripting?: number;
  group?: string;
  duration?: number;
  startTime?: number;
}

// SAATHI_CPU_SLOWDOWN=N simulates a CPU N/4 times slower than Lighthouse's default (4): what a
// slower day on the shared test machine, where every task takes longer, does to the score.
const cpuSlowdown = Number(process.env.SAATHI_CPU_SLOWDOWN ?? 0);
const slowerCpu = cpuSlowdown
  ? { throttling: { ...constants.throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown } }
  : {};
const pages = (process.argv[2] ?? '/,/auth').split(',');
const runs = Number(process.argv[3] ?? 1);
const dataDir = await mkdtemp(path.join(tmpdir(), 'saathi-diagnose-'));
const artifacts = await mkdtemp(path.join(tmpdir(), 'saathi-diagnose-artifacts-'));
// SAATHI_WEB_DIST measures a build kept apart from web/dist, which other browser tests may be
// serving (and rebuilding) at the same time.
const server = await startEmbedded({
  port: 0,
  dataDir,
  logLevel: 'warn',
  webDist: process.env.SAATHI_WEB_DIST,
});
const base = server.url.replace(/\/+$/, '');
const port = 9333;
const profile = await mkdtemp(path.join(tmpdir(), 'saathi-diagnose-profile-'));
const browser = await chromium.launchPersistentContext(profile, {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', `--remote-debugging-port=${port}`],
  headless: true,
});
try {
  // `/profile/:id` names the seeded account's profile.
  const { userId } = await seedFeed(base);
  const page = browser.pages()[0] ?? (await browser.newPage());
  const cdp = await browser.newCDPSession(page);
  for (const target of pages) {
    for (let i = 0; i < runs; i += 1) {
      await page.goto(`${base}/robots.txt`);
      await cdp.send('Network.clearBrowserCache');
      await cdp.send('Storage.clearDataForOrigin', {
        origin: base,
        storageTypes: 'cookies,indexeddb,cache_storage,service_workers',
      });
      await page.evaluate(
        `localStorage.clear(); for (const [k, v] of Object.entries(${JSON.stringify(AUDIT_VISITOR.localStorage)})) localStorage.setItem(k, v);
        for (const [k, v] of Object.entries(${JSON.stringify(AUDIT_VISITOR.cookies)})) document.cookie = k + '=' + v + '; Path=/; SameSite=Lax';`,
      );
      const dir = path.join(artifacts, `${target.replace(/\W/g, '_')}-${i}`);
      const result = await lighthouse(
        base + target.replace(':id', userId),
        {
          port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          gatherMode: dir,
          auditMode: dir,
        },
        { extends: 'lighthouse:default', settings: { disableStorageReset: true, ...slowerCpu } },
      );
      const lhr = result?.lhr;
      if (!lhr || lhr.runtimeError) {
        console.log(`\n${target} run ${i}: no result (${lhr?.runtimeError?.code ?? 'none'})`);
        continue;
      }
      const audits = lhr.audits;
      const value = (id: string) => Math.round(audits[id]?.numericValue ?? NaN);
      const items = (id: string) => (audits[id]?.details as { items?: Item[] } | undefined)?.items ?? [];
      const short = (url = '') => url.replace(base, '');
      console.log(
        `\n${target} run ${i}: performance ${Math.round((lhr.categories.performance?.score ?? 0) * 100)}, FCP ${value('first-contentful-paint')} ms, LCP ${value('largest-contentful-paint')} ms, TBT ${value('total-blocking-time')} ms (${dir})`,
      );
      console.log(
        '  by script:',
        items('bootup-time')
          .map(
            (x) => `${short(x.url)} ${Math.round(x.total ?? 0)} ms (script ${Math.round(x.scripting ?? 0)})`,
          )
          .join('; '),
      );
      console.log(
        '  by kind:',
        items('mainthread-work-breakdown')
          .map((x) => `${x.group} ${Math.round(x.duration ?? 0)}`)
          .join(', '),
      );
      console.log(
        '  long tasks:',
        items('long-tasks')
          .map((x) => `${short(x.url)}@${Math.round(x.startTime ?? 0)}+${Math.round(x.duration ?? 0)}`)
          .join(' '),
      );
      console.log('  LCP:', JSON.stringify(audits['lcp-breakdown-insight']?.details ?? {}).slice(0, 700));
      // The renderer that loaded the page: its tasks' CPU (thread) time against their wall time.
      const trace = JSON.parse(await readFile(path.join(dir, 'trace.json'), 'utf8')) as {
        traceEvents: TraceEvent[];
      };
      const navigation = trace.traceEvents.find(
        (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'),
      );
      if (navigation) {
        const tasks = trace.traceEvents.filter(
          (e) =>
            e.pid === navigation.pid &&
            e.tid === navigation.tid &&
            e.name === 'RunTask' &&
            e.ph === 'X' &&
            e.ts >= navigation.ts,
        );
        const sum = (pick: (e: TraceEvent) => number) =>
          Math.round(tasks.reduce((total, e) => total + pick(e), 0) / 1000);
        console.log(
          `  renderer main thread: ${tasks.length} tasks, ${sum((e) => e.tdur ?? 0)} ms CPU, ${sum((e) => e.dur ?? 0)} ms wall`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
  await rm(dataDir, { recursive: true, force: true });
  await rm(profile, { recursive: true, force: true });
}
process.exit(0);
