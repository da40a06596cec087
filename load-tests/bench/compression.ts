/**
 * `npm run bench:compression` — what compressing JSON costs and saves. A service app answering a
 * feed page (≈ 6.6 KB) behind the real gateway, each in its own process; the same processes are
 * loaded by clients that accept brotli and by clients that accept nothing, interleaved in each
 * round so drift hits both alike. Reports bytes per answer, req/s, p99 and the CPU each process
 * spends per request (from /proc, which unlike req/s does not depend on the machine's other load).
 * Options: --duration <s> (default 5), --no-write.
 */
import { appendFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { request } from 'undici';
import { startChild } from './lib/children';
import type { Child } from './lib/children';
import { measure, median } from './lib/measure';
import { processCpuSeconds } from './lib/process-cpu';

const here = import.meta.dirname;
const { values } = parseArgs({
  options: {
    duration: { type: 'string', default: '5' },
    'no-write': { type: 'boolean', default: false },
  },
});
const duration = Number(values.duration);
const ROUNDS = 3;
const CONNECTIONS = 50;
const children: Child[] = [];
const loadAtStart = os.loadavg()[0] ?? 0;

const clients = {
  plain: {} as Record<string, string>,
  brotli: { 'accept-encoding': 'br, gzip' },
};
type Client = keyof typeof clients;

async function main(): Promise<void> {
  const service = await startChild(path.join(here, 'lib', 'json-page-server.ts'));
  children.push(service);
  const gateway = await startChild(path.join(here, 'lib', 'gateway-server.ts'), [service.url, 'errors']);
  children.push(gateway);
  const url = `${gateway.url}/api/blog/ping`;

  const bytes: Record<Client, number> = { plain: 0, brotli: 0 };
  for (const client of Object.keys(clients) as Client[]) {
    const answer = await request(url, { headers: clients[client] });
    if (answer.statusCode !== 200) throw new Error(`${client}: ${answer.statusCode}`);
    bytes[client] = (await answer.body.arrayBuffer()).byteLength;
    await measure(url, CONNECTIONS, 2, { headers: clients[client] }); // warm-up
  }

  const samples: Record<Client, { reqPerSec: number; p99: number; gatewayUs: number; serviceUs: number }[]> =
    {
      plain: [],
      brotli: [],
    };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const client of Object.keys(clients) as Client[]) {
      const before = [processCpuSeconds(gateway.process.pid), processCpuSeconds(service.process.pid)];
      const sample = await measure(url, CONNECTIONS, duration, { headers: clients[client] });
      const after = [processCpuSeconds(gateway.process.pid), processCpuSeconds(service.process.pid)];
      const requests = sample.reqPerSec * duration;
      const perRequest = (i: number) => (((after[i] ?? NaN) - (before[i] ?? NaN)) * 1e6) / requests;
      const row = {
        reqPerSec: sample.reqPerSec,
        p99: sample.p99,
        gatewayUs: perRequest(0),
        serviceUs: perRequest(1),
      };
      samples[client].push(row);
      console.log(
        `round ${round} ${client.padEnd(6)}: ${row.reqPerSec.toFixed(0)} req/s, p99 ${row.p99} ms, CPU/req gateway ${row.gatewayUs.toFixed(0)} µs, service ${row.serviceUs.toFixed(0)} µs${sample.errors || sample.non2xx ? ` (errors ${sample.errors}, non-2xx ${sample.non2xx})` : ''}`,
      );
    }
  }
  const summary = (client: Client) => ({
    reqPerSec: median(samples[client].map((s) => s.reqPerSec)),
    p99: median(samples[client].map((s) => s.p99)),
    gatewayUs: median(samples[client].map((s) => s.gatewayUs)),
    serviceUs: median(samples[client].map((s) => s.serviceUs)),
  });
  const plain = summary('plain');
  const brotli = summary('brotli');
  const cpus = os.cpus();
  const lines = [
    '',
    `## JSON compression bench — ${new Date().toISOString()}`,
    '',
    `Command: \`npm run bench:compression${process.argv.slice(2).length ? ' -- ' + process.argv.slice(2).join(' ') : ''}\` · machine: ${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}, Node ${process.version} · load average (1 min) at start ${loadAtStart.toFixed(1)}, at end ${(os.loadavg()[0] ?? 0).toFixed(1)}`,
    '',
    `A feed page of ten posts through the gateway, ${CONNECTIONS} connections, medians of ${ROUNDS} interleaved rounds × ${duration} s.`,
    '',
    '| client | bytes per answer | req/s | p99 ms | gateway CPU µs/req | service CPU µs/req |',
    '|---|---:|---:|---:|---:|---:|',
    `| no Accept-Encoding | ${bytes.plain} | ${plain.reqPerSec.toFixed(0)} | ${plain.p99} | ${plain.gatewayUs.toFixed(0)} | ${plain.serviceUs.toFixed(0)} |`,
    `| Accept-Encoding: br, gzip | ${bytes.brotli} | ${brotli.reqPerSec.toFixed(0)} | ${brotli.p99} | ${brotli.gatewayUs.toFixed(0)} | ${brotli.serviceUs.toFixed(0)} |`,
    '',
    `Compressed / plain: bytes ${((bytes.brotli / bytes.plain) * 100).toFixed(0)}%, gateway CPU per request ${((brotli.gatewayUs / plain.gatewayUs) * 100).toFixed(0)}%, service CPU per request ${((brotli.serviceUs / plain.serviceUs) * 100).toFixed(0)}%, throughput ${((brotli.reqPerSec / plain.reqPerSec) * 100).toFixed(0)}%.`,
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
