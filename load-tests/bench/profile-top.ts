/**
 * `npx tsx load-tests/bench/profile-top.ts <file.cpuprofile>… [--top 10]`: the functions that
 * spent the most CPU (self time) in V8 CPU profiles, such as those `bench:realtime --profile`
 * writes, as a Markdown table per file. Idle and garbage-collector time is listed apart, so the
 * share column is of the time the process was busy. `--between <from>,<to>`: only the samples
 * between two times of the machine's monotonic clock in µs (`process.hrtime`, V8's profile clock),
 * such as the sends of one `bench:realtime` step, which prints them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { top: { type: 'string', default: '10' }, between: { type: 'string' } },
});

/** Where a function lives, short: a package name or a path inside the repository. */
function place(url: string): string {
  if (!url) return '(native)';
  const clean = url.replace(/^file:\/\//, '');
  const inModules = clean.lastIndexOf('node_modules/');
  if (inModules >= 0) {
    const rest = clean.slice(inModules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? clean);
  }
  if (clean.startsWith('node:')) return clean;
  return path.relative(process.cwd(), clean);
}

const NOT_BUSY = new Set(['(idle)', '(program)', '(garbage collector)']);

for (const file of positionals) {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  // Self time per node from the samples and the time between them (µs).
  const selfUs = new Map<number, number>();
  const [from, to] = values.between?.split(',').map(Number) ?? [-Infinity, Infinity];
  let at = profile.startTime;
  let spanUs = 0;
  profile.samples.forEach((id, index) => {
    at += profile.timeDeltas[index] ?? 0;
    if (at < from! || at > to!) return;
    spanUs += profile.timeDeltas[index] ?? 0;
    selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const byFunction = new Map<string, number>();
  const apart = new Map<string, number>();
  for (const [id, us] of selfUs) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    const name = frame.functionName || '(anonymous)';
    if (NOT_BUSY.has(name)) {
      apart.set(name, (apart.get(name) ?? 0) + us);
      continue;
    }
    const key = `${name} · ${place(frame.url)}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + us);
  }
  const busy = [...byFunction.values()].reduce((sum, us) => sum + us, 0);
  const ms = (us: number) => (us / 1000).toFixed(0);
  console.log(
    `\n**${path.basename(file)}**: busy ${ms(busy)} ms of ${ms(spanUs)} ms${values.between ? ' (between the times given)' : ''};`,
  );
  console.log([...apart].map(([name, us]) => `${name} ${ms(us)} ms`).join(', ') + ' apart.\n');
  console.log('| function · where | self ms | share of busy |');
  console.log('|---|---:|---:|');
  for (const [key, us] of [...byFunction].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top)))
    console.log(`| ${key.replaceAll('|', '\\|')} | ${ms(us)} | ${((100 * us) / busy).toFixed(1)} % |`);
}
