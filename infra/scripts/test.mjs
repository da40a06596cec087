// `npm test`: install what is missing, then lint, typecheck, format check, and every vitest
// phase (unit, integration against the real PostgreSQL/NATS/Redis, browser on Chromium, infra,
// reliability, Lighthouse). `npm run test:quick` (`--quick`): the static checks and the services'
// and web's unit and integration tests only. Both end with each phase's wall time and one line
// `N passed, N failed`, and exit non-zero on any failure.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import {
  ensureDependencies,
  ensureWebBuild,
  repoRoot,
  run,
  runAsync,
  runCaptured,
  tcpReachable,
  trackedChanges,
  trackedChangesSince,
} from './lib.mjs';

const quick = process.argv.includes('--quick');

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
if (!quick) ensureDebianTools();

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

const resultsDir = path.join(repoRoot, '.test-results');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

/** Each phase's start (seconds into the run) and wall time, for the table at the end. */
const phaseTimes = [];
/** Every test file's time, from the vitest reports, for the slowest ten. */
const fileTimes = [];

async function timed(name, work) {
  const phaseStart = performance.now();
  try {
    return await work();
  } finally {
    phaseTimes.push({
      name,
      start: phaseStart / 1000,
      seconds: (performance.now() - phaseStart) / 1000,
    });
  }
}

/** A static check, its output printed in one piece when it ends (checks run side by side). */
const staticCheck = (name, label, command, args) =>
  timed(name, async () => {
    const { status } = await runCaptured(label, command, args);
    check(label, status);
  });

/**
 * One vitest run of some projects, with a JSON report whose tests count into the totals. A phase
 * run beside another (`beside`) prints its output in one piece when it ends.
 */
async function vitestPhase(name, projects, { beside = false } = {}) {
  const jsonFile = path.join(resultsDir, `${name.replaceAll(' ', '-')}.json`);
  const args = [
    'vitest',
    'run',
    ...projects.flatMap((project) => ['--project', project]),
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${jsonFile}`,
  ];
  const status = beside
    ? (await runCaptured(`vitest ${name}`, 'npx', args)).status
    : await runAsync('npx', args);
  if (!existsSync(jsonFile)) {
    check(`vitest ${name} (no report produced)`, status || 1);
    return;
  }
  const report = JSON.parse(readFileSync(jsonFile, 'utf8'));
  passed += report.numPassedTests;
  failed += report.numFailedTests;
  for (const file of report.testResults)
    fileTimes.push({
      file: path.relative(repoRoot, file.name),
      seconds: (file.endTime - file.startTime) / 1000,
    });
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

const phase = (name, projects, options) => timed(name, () => vitestPhase(name, projects, options));

const trackedBefore = trackedChanges();
const started = performance.now();

const lint = () => staticCheck('lint', 'lint (eslint)', 'npx', ['eslint', '.', '--max-warnings', '0']);
const typecheck = () => staticCheck('typecheck', 'typecheck (tsc)', 'npm', ['run', 'typecheck', '--silent']);
const format = () =>
  staticCheck('format', 'format (prettier --check)', 'npx', [
    'prettier',
    '--check',
    '.',
    '--log-level',
    'warn',
  ]);

/**
 * Runs phases on `slots` lanes with no barrier between them. The `chain` runs in order on the
 * first lane (its phases share the one product a run may have up at a time); every lane then
 * takes the next phase of the `pool` as soon as it is free.
 */
async function runLanes({ chain, pool, slots }) {
  const queue = [...pool];
  const drain = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) await next();
  };
  const first = async () => {
    for (const next of chain) await next();
    await drain();
  };
  await Promise.all([first(), ...Array.from({ length: slots - 1 }, drain)]);
}

if (quick) {
  // Everything side by side: the services' tests mostly wait on PostgreSQL, NATS and Redis.
  await Promise.all([lint(), typecheck(), format(), phase('services', ['services', 'web-unit'])]);
} else {
  // Two lanes, one per core. The first runs the phases that use a shared product, one product at
  // a time (web/e2e/shared-products.ts): two up at once would compete for the cores. Every other
  // phase waits in a pool, longest first, and goes to whichever lane is free: the services' and
  // browser phases leave most of a core idle (they wait on PostgreSQL, NATS, Redis, Chromium and
  // the product), and fixed steps held each step for its slowest phase.
  await runLanes({
    slots: 2,
    chain: [
      () => phase('services', ['services', 'services-cluster', 'web-unit']),
      () => phase('browser embedded', ['browser-embedded'], { beside: true }),
      () => phase('browser cluster', ['browser-cluster'], { beside: true }),
    ],
    pool: [
      lint,
      () => phase('reliability', ['reliability'], { beside: true }),
      typecheck,
      () => phase('infra', ['infra'], { beside: true }),
      () => phase('lighthouse', ['lighthouse'], { beside: true }),
      format,
    ],
  });

  // docs/reliability.md's figures from this run, written beside the run's reports (the tracked
  // document is refreshed by hand: `node infra/scripts/reliability-report.mjs --doc`). A problem
  // writing it is told and never fails the run.
  try {
    const { writeReliabilityReport } = await import('./reliability-report.mjs');
    const report = writeReliabilityReport();
    if (report.written)
      console.log(
        `[test] reliability figures of ${report.tests} tests: ${path.relative(repoRoot, report.file)}`,
      );
  } catch (error) {
    console.warn(`[test] reliability figures not written: ${error instanceof Error ? error.message : error}`);
  }
}

// The run writes only to ignored paths: a file `git status` shows because of it is a failure.
const changedByRun = trackedChangesSince(trackedBefore);
check(
  changedByRun.length === 0
    ? 'git status unchanged by the run'
    : `files changed or left by the run (git status): ${changedByRun.join(', ')}`,
  changedByRun.length === 0 ? 0 : 1,
);

// performance.now() counts from this process's start: the totals include installing and building.
const total = performance.now() / 1000;
console.log('\n[test] wall time of each phase (started at, in seconds into the run; phases overlap):');
console.log('  phase                  start  seconds');
const row = (name, start, seconds) =>
  console.log(`  ${name.padEnd(20)} ${start.padStart(7)} ${seconds.toFixed(1).padStart(8)}`);
row('install and build', '0.0', started / 1000);
for (const { name, start, seconds } of phaseTimes.sort((a, b) => a.start - b.start))
  row(name, start.toFixed(1), seconds);
row('total', '', total);
console.log('[test] the ten slowest test files:');
for (const { file, seconds } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);

if (failures.length > 0) console.log(`[test] failures:\n  - ${failures.join('\n  - ')}`);
await containers?.stop();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
