// Browser-test kit: Chromium from Debian (/usr/bin/chromium) driven by playwright-core,
// one context per test, and axe-core accessibility checks.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** How long one browser step (a click, a wait for a heading) may take before the test fails. */
export const STEP_TIMEOUT_MS = 30_000;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}; install Debian's chromium package (apt-get install chromium).`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS, headless: true });
}

/** A fresh context (own cookies and storage) and page for one test. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: { mobile?: boolean } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    viewport: options.mobile ? { width: 390, height: 844 } : { width: 1280, height: 800 },
    locale: 'en-US',
  });
  // A step's wait, not a budget: a busy host ran the whole suite at half speed (eslint alone took
  // 129 s against 63 s), and two steps that take a few seconds passed 15 s beside the cluster.
  context.setDefaultTimeout(STEP_TIMEOUT_MS);
  const page = await context.newPage();
  return { context, page };
}

let axeSource: string | undefined;
function loadAxeSource(): string {
  if (!axeSource) {
    const require = createRequire(import.meta.url);
    axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
  }
  return axeSource;
}

async function waitForAnimations(page: Page, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const settled = await page.evaluate('document.getAnimations().every((a) => a.playState !== "running")');
    if (settled) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/**
 * Runs axe-core on the current page and throws on serious or critical violations.
 * The source is evaluated through the DevTools protocol, so the app's CSP does not block it.
 */
export async function runAxe(page: Page, label = page.url()): Promise<AxeViolation[]> {
  // Let enter animations (toasts, dialogs) finish: axe measures contrast on what is painted now.
  // Polled with evaluate (CDP), not waitForFunction, which the app's CSP blocks as eval.
  await waitForAnimations(page);
  const loaded = await page.evaluate('typeof window.axe !== "undefined"');
  if (!loaded) await page.evaluate(loadAxeSource());
  const violations = await page.evaluate<AxeViolation[]>(`
    window.axe.run(document, { resultTypes: ['violations'] }).then((r) =>
      r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
      })),
    )
  `);
  const blocking = violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  if (blocking.length > 0) {
    const details = blocking
      .map((v) => `  [${v.impact}] ${v.id}: ${v.help}\n    ${v.targets.join('\n    ')}`)
      .join('\n');
    throw new Error(`axe found ${blocking.length} serious/critical violation(s) on ${label}:\n${details}`);
  }
  return violations;
}
