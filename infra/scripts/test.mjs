// `npm test`: install what is missing, then lint, typecheck, format check, and every vitest
// tier (unit, integration against the real PostgreSQL/NATS/Redis, browser on Chromium).
// Ends with one line `N passed, N failed` and a non-zero exit on any failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies, ensureWebBuild, repoRoot, run, runCaptured, tcpReachable } from './lib.mjs';

const infra = {
  PostgreSQL: process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  NATS: process.env.NATS_URL ?? 'nats://127.0.0.1:4222',
  Redis: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
};

/** Debian packages the tests drive: Chromium (browser tests), docker-compose (validates docker-compose.yml). */
function ensureDebianTools() {
  const wanted = [
    { binary: '/usr/bin/chromium', pkg: 'chromium', why: 'the browser tests' },
    { binary: '/usr/bin/docker-compose', pkg: 'docker-compose', why: 'the docker-compose.yml check' },
  ].filter((tool) => !existsSync(tool.binary));
  if (wanted.length === 0) return;
  const names = wanted.map((tool) => tool.pkg).join(' ');
  if (process.getuid?.() !== 0) {
    for (const tool of wanted)
      console.error(
        `[test] ${tool.binary} is missing; install Debian's "${tool.pkg}" package for ${tool.why} (needs root).`,
      );
    return;
  }
  console.log(`[test] installing Debian ${names}…`);
  run('apt-get', ['update', '-qq']);
  run('apt-get', ['install', '-y', '-qq', ...wanted.map((tool) => tool.pkg)]);
}

let passed = 0;
let failed = 0;
const failures = [];

function check(name, status) {
  if (status === 0) passed += 1;
  else {
    failed += 1;
    failures.push(name);
  }
  console.log(`[test] ${name}: ${status === 0 ? 'passed' : 'FAILED'}`);
}

ensureDependencies();
ensureDebianTools();

// PostgreSQL, NATS and Redis: from env or the local standard ports; if some are unreachable and
// a Docker engine is available, containers from docker-compose.yml's images stand in for them.
const { containerDefinitions, dockerAvailable, planInfrastructure, startContainers } =
  await import('./test-infrastructure.mjs');
const unreachable = [];
for (const [name, url] of Object.entries(infra)) if (!(await tcpReachable(url))) unreachable.push(name);
const plan = planInfrastructure({
  unreachable,
  dockerAvailable: unreachable.length > 0 && dockerAvailable(),
});
let containers;
if (plan.action === 'containers') {
  console.log(`[test] ${plan.start.join(', ')} unreachable: starting containers (testcontainers)…`);
  containers = await startContainers(plan.start, containerDefinitions(repoRoot));
  Object.assign(process.env, containers.env);
} else if (plan.action === 'fail') {
  console.error(`[test] ${plan.message}`);
  check(`infrastructure reachable (${unreachable.join(', ')})`, 1);
}

ensureWebBuild();
// The three static checks side by side (two cores; eslint alone is 75 s), each one's output
// printed whole when it ends rather than interleaved.
const staticChecks = await Promise.all([
  runCaptured('lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']),
  runCaptured('typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']),
  runCaptured('format (prettier --check)', 'npx', ['prettier', '--check', '.', '--log-level', 'warn']),
]);
for (const { name, status } of staticChecks) check(name, status);

const resultsDir = path.join(repoRoot, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** One vitest run with a JSON report, its tests counted into the totals. */
function vitestPhase(name, args, env = {}) {
  const jsonFile = path.join(resultsDir, `${name}.json`);
  const status = run(
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${jsonFile}`, ...args],
    { env: { ...process.env, ...env } },
  );
  if (!existsSync(jsonFile)) {
    check(`vitest ${name} (no report produced)`, status || 1);
    return;
  }
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  // A file that fails to load has no tests to count; count the file itself.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === 'failed' && f.assertionResults.length === 0,
  );
  failed += brokenFiles.length;
  for (const f of brokenFiles) failures.push(`test file did not run: ${path.relative(repoRoot, f.name)}`);
  if (report.numPendingTests + report.numTodoTests > 0)
    console.log(
      `[test] ${report.numPendingTests + report.numTodoTests} skipped/todo tests (not counted as passed)`,
    );
  if (status !== 0 && report.numFailedTests === 0 && brokenFiles.length === 0)
    check(`vitest ${name}`, status);
}

// Lighthouse first and alone: its performance score is main-thread time, which the other files'
// browsers and clusters would inflate (web/e2e/lighthouse.test.ts holds it to 90).
vitestPhase('lighthouse', ['web/e2e/lighthouse.test.ts'], { SAATHI_LIGHTHOUSE: '1' });
vitestPhase('vitest', []);

// docs/reliability.md's figures from what this run's reliability tests recorded; the report is a
// by-product, so a problem writing it is told and never fails the run.
try {
  const { updateReliabilityReport } = await import('./reliability-report.mjs');
  const report = updateReliabilityReport();
  if (report.updated) console.log(`[test] docs/reliability.md: figures of ${report.tests} reliability tests`);
} catch (error) {
  console.warn(`[test] docs/reliability.md not updated: ${error instanceof Error ? error.message : error}`);
}

if (failures.length > 0) console.log(`[test] failures:\n  - ${failures.join('\n  - ')}`);
await containers?.stop();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
