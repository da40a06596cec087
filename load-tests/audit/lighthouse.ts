/**
 * Lighthouse 13 in its default mode (mobile: simulated slow 4G, 4× CPU slowdown) against
 * Debian's Chromium, driven through playwright-core so no browser is downloaded. Each run
 * starts from an empty HTTP cache and no service worker, like a first visit; the one thing
 * kept is the visitor's chosen location in localStorage (and the cookie the app keeps beside
 * it), so `/` shows a feed.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// As web/e2e/browser.ts launches it.
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
export type Category = (typeof CATEGORIES)[number];

export interface AuditRun {
  scores: Record<Category, number>;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /**
   * Lighthouse's measure of the host's CPU speed (its "CPU/Memory Power"): the 4× slowdown
   * emulates a mid-tier phone from a host of about 1,500; a slower host emulates a slower phone.
   */
  benchmarkIndex: number;
  /** Audits of the non-performance categories that did not pass, to explain a score. */
  failing: string[];
  /** Resources Lighthouse found blocking the first render (its render-blocking insight). */
  renderBlocking: string[];
  /** The HTML of the largest contentful paint's element, as Lighthouse quotes it. */
  lcpElement: string | undefined;
}

/** The `url`s in an audit's table (an insight nests them one level deeper). */
function urlsOf(details: unknown): string[] {
  const urls: string[] = [];
  const visit = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(visit);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.url === 'string') urls.push(record.url);
      Object.values(record).forEach(visit);
    }
  };
  visit((details as { items?: unknown } | undefined)?.items);
  return urls;
}

/** The first node snippet in an audit's details (the LCP element's audit or insight). */
function snippetOf(details: unknown): string | undefined {
  if (Array.isArray(details)) {
    for (const item of details) {
      const found = snippetOf(item);
      if (found) return found;
    }
  } else if (details && typeof details === 'object') {
    const record = details as Record<string, unknown>;
    if (record.type === 'node' && typeof record.snippet === 'string') return record.snippet;
    for (const value of Object.values(record)) {
      const found = snippetOf(value);
      if (found) return found;
    }
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

export async function auditPages(
  urls: string[],
  options: { runs: number; localStorage?: Record<string, string>; cookies?: Record<string, string> },
): Promise<Map<string, AuditRun[]>> {
  const port = await freePort();
  const profile = await mkdtemp(path.join(tmpdir(), 'saathi-lighthouse-'));
  // The default (persistent) context: Lighthouse's tabs share its localStorage.
  const browser = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`],
    headless: true,
  });
  const results = new Map<string, AuditRun[]>();
  try {
    const page = browser.pages()[0] ?? (await browser.newPage());
    const cdp = await browser.newCDPSession(page);
    for (const url of urls) {
      const origin = new URL(url).origin;
      const runs: AuditRun[] = [];
      for (let i = 0; i < options.runs; i += 1) {
        await page.goto(`${origin}/robots.txt`);
        await cdp.send('Network.clearBrowserCache');
        await cdp.send('Storage.clearDataForOrigin', {
          origin,
          storageTypes: 'cookies,indexeddb,cache_storage,service_workers',
        });
        // A string: this file is compiled without the DOM's types.
        await page.evaluate(
          `localStorage.clear(); for (const [k, v] of Object.entries(${JSON.stringify(options.localStorage ?? {})})) localStorage.setItem(k, v);
          for (const [k, v] of Object.entries(${JSON.stringify(options.cookies ?? {})})) document.cookie = k + '=' + v + '; Path=/; SameSite=Lax';`,
        );
        // A trace sometimes fails to record on a busy machine (NO_NAVSTART): try that run again.
        let result: Awaited<ReturnType<typeof lighthouse>>;
        for (let attempt = 1; ; attempt += 1) {
          result = await lighthouse(
            url,
            { port, output: 'json', logLevel: 'error', onlyCategories: [...CATEGORIES] },
            { extends: 'lighthouse:default', settings: { disableStorageReset: true } },
          );
          if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
          if (!result.lhr.runtimeError) break;
          if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${result.lhr.runtimeError.message}`);
        }
        const { categories, audits } = result.lhr;
        const score = (category: Category) => Math.round((categories[category]?.score ?? 0) * 100);
        const failing = CATEGORIES.filter((category) => category !== 'performance').flatMap((category) =>
          (categories[category]?.auditRefs ?? [])
            .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1)
            .map(
              (ref) =>
                `${category}: ${ref.id} ${JSON.stringify(audits[ref.id]?.details ?? {}).slice(0, 400)}`,
            ),
        );
        runs.push({
          scores: {
            performance: score('performance'),
            accessibility: score('accessibility'),
            'best-practices': score('best-practices'),
            seo: score('seo'),
          },
          fcpMs: audits['first-contentful-paint']?.numericValue ?? NaN,
          lcpMs: audits['largest-contentful-paint']?.numericValue ?? NaN,
          tbtMs: audits['total-blocking-time']?.numericValue ?? NaN,
          cls: audits['cumulative-layout-shift']?.numericValue ?? NaN,
          benchmarkIndex: result.lhr.environment.benchmarkIndex,
          failing,
          renderBlocking: urlsOf(
            audits['render-blocking-insight']?.details ?? audits['render-blocking-resources']?.details,
          ),
          lcpElement: snippetOf(
            audits['largest-contentful-paint-element']?.details ?? audits['lcp-breakdown-insight']?.details,
          ),
        });
      }
      results.set(url, runs);
    }
  } finally {
    await browser.close();
    await rm(profile, { recursive: true, force: true });
  }
  return results;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The medians of several runs of one page. */
export function summarize(runs: AuditRun[]): AuditRun {
  const of = (pick: (run: AuditRun) => number) => median(runs.map(pick));
  return {
    scores: {
      performance: of((r) => r.scores.performance),
      accessibility: of((r) => r.scores.accessibility),
      'best-practices': of((r) => r.scores['best-practices']),
      seo: of((r) => r.scores.seo),
    },
    fcpMs: of((r) => r.fcpMs),
    lcpMs: of((r) => r.lcpMs),
    tbtMs: of((r) => r.tbtMs),
    cls: of((r) => r.cls),
    benchmarkIndex: of((r) => r.benchmarkIndex),
    failing: [...new Set(runs.flatMap((r) => r.failing))],
    renderBlocking: [...new Set(runs.flatMap((r) => r.renderBlocking))],
    lcpElement: runs.find((r) => r.lcpElement)?.lcpElement,
  };
}
