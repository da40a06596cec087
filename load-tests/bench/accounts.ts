/**
 * `npm run bench:accounts` — what signed-in traffic and sign-in cost. In one run, on this machine:
 *   healthz      the gateway's own trivial route (no upstream)
 *   proxiedPing  a trivial upstream route through the gateway (the proxy hop, no work behind it)
 *   currentUser  GET /api/auth/user with a session cookie, through the gateway to identity
 *                (token check, session row, user row on real PostgreSQL)
 *   login        POST /api/auth/login through the gateway (argon2id verify at the configured cost)
 * healthz and currentUser: 3 interleaved rounds at 50 connections, medians. Login: logins per
 * second and per CPU-second of the identity process (argon2 runs on libuv's thread pool, so
 * one process can use more than one core). A section is appended to load-tests/RESULTS.md.
 * Options: --duration <s> (default 8), --no-write.
 */
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { startChild } from './lib/children';
import type { Child } from './lib/children';
import { measure, median } from './lib/measure';
import type { RequestShape, Sample } from './lib/measure';
import { processCpuSeconds } from './lib/process-cpu';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '8' },
    'no-write': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const ROUNDS = 3;
const CONNECTIONS = 50;
const children: Child[] = [];

function cookieHeader(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ');
}

async function main(): Promise<void> {
  const identity = await startChild(path.join(here, 'lib', 'identity-server.ts'));
  children.push(identity);
  const upstream = await startChild(path.join(here, 'lib', 'upstream-server.ts'));
  children.push(upstream);
  const gateway = await startChild(path.join(here, 'lib', 'gateway-server.ts'), [upstream.url], [], {
    BENCH_IDENTITY_URL: identity.url,
    BENCH_PUBLIC_KEY: identity.message.publicKey!,
  });
  children.push(gateway);

  const user = {
    username: 'bench_user',
    email: 'bench@example.com',
    phone: '9876543210',
    password: 'bench-secret-1',
  };
  const registered = await fetch(`${gateway.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(user),
  });
  if (registered.status !== 201)
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const cookie = cookieHeader(registered);

  const targets: Record<'healthz' | 'proxiedPing' | 'currentUser', { url: string; request: RequestShape }> = {
    healthz: { url: `${gateway.url}/healthz`, request: {} },
    proxiedPing: { url: `${gateway.url}/api/blog/ping`, request: {} },
    currentUser: { url: `${gateway.url}/api/auth/user`, request: { headers: { cookie } } },
  };
  for (const [name, target] of Object.entries(targets)) {
    const check = await fetch(target.url, { headers: target.request.headers });
    if (check.status !== 200) throw new Error(`${name} answered ${check.status}`);
    await measure(target.url, CONNECTIONS, 2, target.request); // warm-up
  }

  const samples: Record<keyof typeof targets, Sample[]> = { healthz: [], proxiedPing: [], currentUser: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of Object.keys(targets) as (keyof typeof targets)[]) {
      const sample = await measure(targets[name].url, CONNECTIONS, duration, targets[name].request);
      samples[name].push(sample);
      console.log(
        `round ${round} ${name.padEnd(11)} ${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms`,
      );
    }
  }

  // Sign-in: enough connections to keep the argon2 thread pool busy, not so many that queues dominate.
  const loginRequest: RequestShape = {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: user.email, password: user.password }),
  };
  const cpuBefore = processCpuSeconds(identity.process.pid);
  const login = await measure(`${gateway.url}/api/auth/login`, 8, duration, loginRequest);
  const cpuAfter = processCpuSeconds(identity.process.pid);
  const logins = login.reqPerSec * duration;
  const identityCpu = cpuAfter !== undefined && cpuBefore !== undefined ? cpuAfter - cpuBefore : NaN;
  const loginsPerCpuSecond = logins / identityCpu;
  console.log(
    `login: ${login.reqPerSec.toFixed(1)} /s, p50 ${login.p50} ms, p99 ${login.p99} ms, identity CPU ${identityCpu.toFixed(1)} s → ${loginsPerCpuSecond.toFixed(1)} logins per CPU-second`,
  );

  const row = (name: keyof typeof targets) => ({
    reqPerSec: median(samples[name].map((s) => s.reqPerSec)),
    p50: median(samples[name].map((s) => s.p50)),
    p99: median(samples[name].map((s) => s.p99)),
    failures: samples[name].reduce((n, s) => n + s.errors + s.non2xx, 0),
  });
  const healthz = row('healthz');
  const proxiedPing = row('proxiedPing');
  const currentUser = row('currentUser');
  const ratio = currentUser.reqPerSec / proxiedPing.reqPerSec;
  const cpus = os.cpus();
  const lines = [
    '',
    `## Accounts bench — ${new Date().toISOString()}`,
    '',
    `Command: \`npm run bench:accounts${process.argv.length > 2 ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` · machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version} · load average at end: ${os.loadavg()[0]!.toFixed(1)}`,
    '',
    `Gateway, identity (real PostgreSQL, argon2id m=19456 KiB t=2 p=1) and autocannon each in their own process. Medians of ${ROUNDS} interleaved ${duration} s runs at ${CONNECTIONS} connections.`,
    '',
    '| target | req/s | p50 ms | p99 ms | errors + non-2xx |',
    '|---|---:|---:|---:|---:|',
    `| gateway /healthz (no upstream) | ${healthz.reqPerSec.toFixed(0)} | ${healthz.p50} | ${healthz.p99} | ${healthz.failures} |`,
    `| trivial upstream route through the gateway | ${proxiedPing.reqPerSec.toFixed(0)} | ${proxiedPing.p50} | ${proxiedPing.p99} | ${proxiedPing.failures} |`,
    `| GET /api/auth/user, signed in | ${currentUser.reqPerSec.toFixed(0)} | ${currentUser.p50} | ${currentUser.p99} | ${currentUser.failures} |`,
    `| POST /api/auth/login (8 connections) | ${login.reqPerSec.toFixed(1)} | ${login.p50} | ${login.p99} | ${login.errors + login.non2xx} |`,
    '',
    `Signed-in current user / trivial route through the gateway: **${(ratio * 100).toFixed(1)}%** (target ≥ 60%); / the gateway's own /healthz: ${((currentUser.reqPerSec / healthz.reqPerSec) * 100).toFixed(1)}%.`,
    `Sign-in: **${loginsPerCpuSecond.toFixed(1)} logins per CPU-second** of the identity process (${identityCpu.toFixed(1)} CPU-s for ${logins.toFixed(0)} logins), i.e. about ${(1000 / loginsPerCpuSecond).toFixed(0)} ms of CPU per sign-in at this argon2 cost.`,
    '',
  ];
  console.log(lines.join('\n'));
  if (!values['no-write']) appendFileSync(path.join(here, '..', 'RESULTS.md'), lines.join('\n'));
}

try {
  await main();
} finally {
  await Promise.all(children.map((child) => child.stop()));
}
