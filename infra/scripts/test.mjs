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
import { useSupportedNode } from './node-runtime.mjs';

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

await useSupportedNode();
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

/** Each phase's wall time, in the order they ended, for the table at the end. */
const phaseTimes = [];
/** Every test file's time, from the vitest reports, for the slowest ten. */
const fileTimes = [];

/** The step now running (phases of one step run side by side). */
let step = 1;

/**
 * Busy CPU-seconds of the whole machine so far (all cores, every process: the product, the
 * browsers, PostgreSQL, NATS, Redis), from /proc/stat; undefined where there is none. Each step's
 * share tells whether a step waits or is short of cores.
 */
function machineBusySeconds() {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1).map(Number);
    const [user, nice, system, , , irq, softirq, steal] = fields;
    return (user + nice + system + irq + softirq + (steal ?? 0)) / 100; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}
/** Each step's wall seconds and the machine's busy CPU-seconds during it. */
const stepLoads = [];
let stepStarted = { wall: performance.now(), busy: machineBusySeconds() };
function endStep() {
  const busy = machineBusySeconds();
  stepLoads.push({
    step,
    wall: (performance.now() - stepStarted.wall) / 1000,
    busy: busy === undefined || stepStarted.busy === undefined ? undefined : busy - stepStarted.busy,
  });
  step += 1;
  stepStarted = { wall: performance.now(), busy };
}

async function timed(name, work) {
  const started = performance.now();
  const ofStep = step;
  try {
    return await work();
  } finally {
    phaseTimes.push({ name, step: ofStep, seconds: (performance.now() - started) / 1000 });
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

if (quick) {
  // Everything side by side: the services' tests mostly wait on PostgreSQL, NATS and Redis.
  await Promise.all([lint(), typecheck(), format(), phase('services', ['services', 'web-unit'])]);
} else {
  // Five steps. The phases of a step run side by side, placed where a phase leaves a core idle
  // (the table at the end shows each step's busy CPU-seconds against its wall time). The
  // services' tests mostly wait on PostgreSQL, NATS and Redis: their step used 183 of its 308
  // CPU-seconds, so lint (about 90, pure CPU) and the format check ride along with them. The
  // browser phases keep the cores busy with the browsers and the product; Lighthouse fills what
  // is left of its step, and typecheck runs last, alone. No two shared products run at once
  // (web/e2e/shared-products.ts): they would compete for the two cores.
  await Promise.all([format(), lint(), phase('services', ['services', 'services-cluster', 'web-unit'])]);
  endStep();
  await Promise.all([
    phase('browser embedded', ['browser-embedded']),
    phase('lighthouse', ['lighthouse'], { beside: true }),
  ]);
  endStep();
  // The cluster's browser files alone: beside typecheck, on a host running at half speed, a step
  // of theirs ran out of its wait in each of three runs (load-tests/RESULTS.md).
  await phase('browser cluster', ['browser-cluster']);
  endStep();
  // Infra and reliability: most of their files start processes of their own.
  await Promise.all([
    phase('infra', ['infra'], { beside: true }),
    phase('reliability', ['reliability'], { beside: true }),
  ]);
  endStep();
  await typecheck();
  endStep();

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
console.log('\n[test] wall time of each phase (the phases of one step ran side by side):');
console.log('  step  phase                 seconds');
console.log(
  `  ${'0'.padEnd(5)} ${'install and build'.padEnd(20)} ${(started / 1000).toFixed(1).padStart(8)}`,
);
for (const { name, step: ofStep, seconds } of phaseTimes.sort((a, b) => a.step - b.step))
  console.log(`  ${String(ofStep).padEnd(5)} ${name.padEnd(20)} ${seconds.toFixed(1).padStart(8)}`);
console.log(`  ${'all'.padEnd(5)} ${'total'.padEnd(20)} ${total.toFixed(1).padStart(8)}`);
if (stepLoads.some((load) => load.busy !== undefined)) {
  console.log(
    '[test] each step: wall seconds, and the busy CPU-seconds of the whole machine (2 cores: at most twice the wall):',
  );
  for (const { step: ofStep, wall, busy } of stepLoads)
    console.log(
      `  ${String(ofStep).padEnd(5)} wall ${wall.toFixed(1).padStart(7)}  cpu ${busy === undefined ? '?' : busy.toFixed(1).padStart(7)}`,
    );
}
console.log('[test] the ten slowest test files:');
for (const { file, seconds } of fileTimes.sort((a, b) => b.seconds - a.seconds).slice(0, 10))
  console.log(`  ${seconds.toFixed(1).padStart(7)} s  ${file}`);

if (failures.length > 0) console.log(`[test] failures:\n  - ${failures.join('\n  - ')}`);
await containers?.stop();
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
