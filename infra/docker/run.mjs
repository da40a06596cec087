// The image's entry: runs the process named by SAATHI_PROCESS (set at build time from the
// PROCESS build argument) in this same node process, so SIGTERM from the container runtime
// reaches the service's own graceful shutdown directly — no shell or wrapper in between. The
// process runs as the bundle the image's build made (infra/scripts/bundle-processes.mjs): plain
// node, no TypeScript loader at start.
import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { bundlePathOf } from '../scripts/bundle-processes.mjs';
import { readProcesses } from '../scripts/lib.mjs';

const processes = readProcesses();
const name = process.env.SAATHI_PROCESS;
const spec = processes.find((p) => p.name === name);
if (!spec) {
  console.error(`SAATHI_PROCESS must name one of: ${processes.map((p) => p.name).join(', ')}`);
  process.exit(64);
}
const bundle = bundlePathOf(spec.entry);
if (!existsSync(bundle)) {
  console.error(`no bundle for ${name}: node infra/scripts/bundle-processes.mjs ${name} makes it`);
  process.exit(66);
}
process.env.PORT ||= String(spec.port);
if (spec.internalPort) process.env.METRICS_PORT ||= String(spec.internalPort);
await import(pathToFileURL(bundle).href);
