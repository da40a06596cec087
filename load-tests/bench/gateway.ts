/**
 * `npm run bench:gateway` — what the gateway costs. In one run, on this machine:
 *   direct   GET /api/blog/ping on a tiny Fastify upstream (its own process)
 *   proxied  the same route through the gateway (its own process, production settings)
 *   healthz  the gateway's own /healthz
 * Each target 3× at 100 connections and 3× at 50 (runs interleaved so drift hits all alike),
 * medians taken. A section is appended to load-tests/RESULTS.md.
 * Options: --duration <s> (default 6), --access-log errors|all|off (default errors, as main.ts),
 * --log-sync buffered|sync, --baseline (also measure a default @fastify/http-proxy set-up),
 * --profile <dir> (V8 CPU profile of the gateway), --only-proxied <s>, --no-write.
 */
import { appendFileSync, existsSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startChild } from './lib/children';
import type { Child } from './lib/children';
import { measure, median } from './lib/measure';
import { processCpuSeconds } from './lib/process-cpu';
import type { Sample } from './lib/measure';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '6' },
    'access-log': { type: 'string', default: 'errors' },
    /** `sync`: one write syscall per log line (pino's default) instead of main.ts's buffered stdout. */
    'log-sync': { type: 'string', default: 'buffered' },
    'no-write': { type: 'boolean', default: false },
    note: { type: 'string', default: '' },
    /** Writes a V8 CPU profile of the gateway process into this directory. */
    profile: { type: 'string' },
    /** Also measure the default @fastify/http-proxy set-up (lib/baseline-gateway.ts) for comparison. */
    baseline: { type: 'boolean', default: false },
    /** Only load the proxied route for this many seconds (with --profile), no report. */
    'only-proxied': { type: 'string' },
  },
});
const duration = Number(values.duration);
const accessLog = values['access-log'];
const ROUNDS = 3;

const children: Child[] = [];
const loadAtStart = os.loadavg()[0] ?? 0;

async function main(): Promise<void> {
  const upstream = await startChild(path.join(here, 'lib', 'upstream-server.ts'));
  children.push(upstream);
  const profileArgs = values.profile ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(values.profile)}`] : [];
  const gateway = await startChild(
    path.join(here, 'lib', 'gateway-server.ts'),
    [upstream.url, accessLog, values['log-sync']],
    profileArgs,
  );
  children.push(gateway);

  const baseline = values.baseline
    ? await startChild(path.join(here, 'lib', 'baseline-gateway.ts'), [upstream.url])
    : undefined;
  if (baseline) children.push(baseline);

  type Target = 'direct' | 'proxied' | 'healthz' | 'baseline';
  const targets: Partial<Record<Target, string>> = {
    direct: `${upstream.url}/api/blog/ping`,
    proxied: `${gateway.url}/api/blog/ping`,
    healthz: `${gateway.url}/healthz`,
    ...(baseline ? { baseline: `${baseline.url}/api/blog/ping` } : {}),
  };
  const names = Object.keys(targets) as Target[];
  const pidOf = (name: Target) => (name === 'baseline' ? baseline?.process.pid : gateway.process.pid);

  /** Runs a measurement and adds the CPU the gateway and upstream processes spent per request. */
  async function measureWithCpu(
    name: Target,
    connections: number,
    seconds: number,
  ): Promise<Sample & { gatewayCpuUs: number; upstreamCpuUs: number }> {
    const before = [processCpuSeconds(pidOf(name)), processCpuSeconds(upstream.process.pid)];
    const sample = await measure(targets[name]!, connections, seconds);
    const after = [processCpuSeconds(pidOf(name)), processCpuSeconds(upstream.process.pid)];
    const requests = sample.reqPerSec * seconds;
    const perRequest = (i: number) =>
      after[i] !== undefined && before[i] !== undefined ? ((after[i] - before[i]) * 1e6) / requests : NaN;
    return { ...sample, gatewayCpuUs: perRequest(0), upstreamCpuUs: perRequest(1) };
  }

  if (values['only-proxied']) {
    const sample = await measureWithCpu('proxied', 100, Number(values['only-proxied']));
    console.log(
      `proxied 100 conns: ${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms, gateway CPU ${sample.gatewayCpuUs.toFixed(0)} µs/req, upstream CPU ${sample.upstreamCpuUs.toFixed(0)} µs/req`,
    );
    return;
  }

  for (const name of names) {
    const check = await fetch(targets[name]!);
    if (check.status !== 200) throw new Error(`${name} answered ${check.status}: ${await check.text()}`);
    await measure(targets[name]!, 100, 2); // warm-up: JIT, keep-alive pools
  }

  type CpuSample = Sample & { gatewayCpuUs: number; upstreamCpuUs: number };
  const at100: Record<Target, CpuSample[]> = { direct: [], proxied: [], healthz: [], baseline: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of names) {
      const sample = await measureWithCpu(name, 100, duration);
      at100[name].push(sample);
      console.log(
        `round ${round} ${name.padEnd(8)} 100 conns: ${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms, CPU/req gateway ${sample.gatewayCpuUs.toFixed(0)} µs upstream ${sample.upstreamCpuUs.toFixed(0)} µs${sample.errors || sample.non2xx ? ` (errors ${sample.errors}, non-2xx ${sample.non2xx})` : ''}`,
      );
    }
  }
  const at50: Record<Target, Sample[]> = { direct: [], proxied: [], healthz: [], baseline: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of names) {
      const sample = await measure(targets[name]!, 50, duration);
      at50[name].push(sample);
      console.log(
        `round ${round} ${name.padEnd(8)}  50 conns: ${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms`,
      );
    }
  }

  const summary = names.map((name) => ({
    name,
    reqPerSec: median(at100[name].map((s) => s.reqPerSec)),
    p50: median(at100[name].map((s) => s.p50)),
    p99: median(at100[name].map((s) => s.p99)),
    p99at50: median(at50[name].map((s) => s.p99)),
    gatewayCpuUs: median(at100[name].map((s) => s.gatewayCpuUs)),
    upstreamCpuUs: median(at100[name].map((s) => s.upstreamCpuUs)),
    failures: [...at100[name], ...at50[name]].reduce((n, s) => n + s.errors + s.non2xx, 0),
  }));
  const direct = summary.find((s) => s.name === 'direct')!;
  const proxied = summary.find((s) => s.name === 'proxied')!;
  const ratio = proxied.reqPerSec / direct.reqPerSec;
  const baselineRow = summary.find((s) => s.name === 'baseline');

  const cpus = os.cpus();
  const lines = [
    '',
    `## Gateway bench — ${new Date().toISOString()}`,
    '',
    `Command: \`npm run bench:gateway${process.argv.slice(2).length ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` · machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()} · gateway access log: ${accessLog} (${values['log-sync']} stdout)${values.note ? ` · ${values.note}` : ''}`,
    '',
    `Medians of ${ROUNDS} runs × ${duration} s at 100 connections, then ${ROUNDS} at 50 (targets interleaved in each round). Upstream, gateway and autocannon each run in their own process on the same machine. CPU µs/req is user+system time of that process (from /proc) divided by requests served — unlike req/s it does not depend on what else the machine is doing. Load average (1 min) at start: ${loadAtStart.toFixed(1)}, at end: ${(os.loadavg()[0] ?? 0).toFixed(1)}.`,
    '',
    '| target | req/s (100 conns) | p50 ms | p99 ms | p99 ms at 50 conns | gateway CPU µs/req | upstream CPU µs/req | errors + non-2xx |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...summary.map(
      (s) =>
        `| ${s.name} | ${s.reqPerSec.toFixed(0)} | ${s.p50} | ${s.p99} | ${s.p99at50} | ${s.name === 'direct' ? '–' : s.gatewayCpuUs.toFixed(0)} | ${s.name === 'healthz' ? '–' : s.upstreamCpuUs.toFixed(0)} | ${s.failures} |`,
    ),
    '',
    `Proxied / direct throughput: **${(ratio * 100).toFixed(1)}%** (target ≥ 30%). Gateway p99 at 50 connections: **${proxied.p99at50} ms** (target ≤ 10 ms).` +
      (baselineRow
        ? ` Default @fastify/http-proxy set-up (\`baseline\`) / direct: ${((baselineRow.reqPerSec / direct.reqPerSec) * 100).toFixed(1)}%.`
        : ''),
    '',
  ];
  console.log(lines.join('\n'));
  if (!values['no-write']) {
    const results = path.join(here, '..', 'RESULTS.md');
    if (!existsSync(results))
      writeFileSync(
        results,
        '# Load-test results\n\nFigures from the runnable harness in `load-tests/bench` (see docs/architecture.md).\n',
      );
    appendFileSync(results, lines.join('\n'));
    console.log(`appended to ${results}`);
  }
}

try {
  await main();
} finally {
  await Promise.all(children.map((child) => child.stop()));
}
