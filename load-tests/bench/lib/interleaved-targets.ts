import { processCpuSeconds } from './process-cpu';
import { measure, median } from './measure';
import type { RequestShape, Sample } from './measure';

/** One URL to load through the gateway, and the process whose CPU it costs. */
export interface HttpTarget {
  url: string;
  request: RequestShape;
  pid: number | undefined;
}

export interface TargetFigures {
  reqPerSec: number;
  p50: number;
  p99: number;
  /** The serving process's CPU per request, in µs. */
  cpuUs: number;
  failures: number;
}

/**
 * Each target checked once (200, and `checkBody` if given), warmed up, then loaded for
 * `durationS` in `rounds` interleaved rounds, so a noisy machine disturbs them alike; the
 * figures are the rounds' medians.
 */
export async function measureInterleaved<T extends string>(
  targets: Record<T, HttpTarget>,
  options: {
    connections: number;
    rounds: number;
    durationS: number;
    checkBody?: (name: T, body: unknown) => void;
  },
): Promise<Record<T, TargetFigures>> {
  const names = Object.keys(targets) as T[];
  for (const name of names) {
    const target = targets[name];
    const check = await fetch(target.url, { headers: target.request.headers });
    if (check.status !== 200) throw new Error(`${name} answered ${check.status}: ${await check.text()}`);
    options.checkBody?.(name, await check.json().catch(() => undefined));
    await measure(target.url, options.connections, 2, target.request); // warm-up: JIT, pools, caches
  }
  const samples = new Map<T, (Sample & { cpuUs: number })[]>(names.map((name) => [name, []]));
  const width = Math.max(...names.map((name) => name.length));
  for (let round = 1; round <= options.rounds; round++) {
    for (const name of names) {
      const target = targets[name];
      const cpuBefore = processCpuSeconds(target.pid);
      const sample = await measure(target.url, options.connections, options.durationS, target.request);
      const cpuAfter = processCpuSeconds(target.pid);
      const cpuUs =
        cpuBefore !== undefined && cpuAfter !== undefined
          ? ((cpuAfter - cpuBefore) * 1e6) / (sample.reqPerSec * options.durationS)
          : NaN;
      samples.get(name)!.push({ ...sample, cpuUs });
      console.log(
        `round ${round} ${name.padEnd(width)} ${sample.reqPerSec.toFixed(0)} req/s, p50 ${sample.p50} ms, p99 ${sample.p99} ms, service CPU ${cpuUs.toFixed(0)} µs/req${sample.errors || sample.non2xx ? ` (errors ${sample.errors}, non-2xx ${sample.non2xx})` : ''}`,
      );
    }
  }
  const row = (list: (Sample & { cpuUs: number })[]): TargetFigures => ({
    reqPerSec: median(list.map((s) => s.reqPerSec)),
    p50: median(list.map((s) => s.p50)),
    p99: median(list.map((s) => s.p99)),
    cpuUs: median(list.map((s) => s.cpuUs)),
    failures: list.reduce((n, s) => n + s.errors + s.non2xx, 0),
  });
  return Object.fromEntries(names.map((name) => [name, row(samples.get(name)!)])) as Record<T, TargetFigures>;
}
