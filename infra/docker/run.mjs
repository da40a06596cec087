// The image's entry: runs the process named by SAATHI_PROCESS (set at build time from the
// PROCESS build argument) in this same node process, so SIGTERM from the container runtime
// reaches the service's own graceful shutdown directly — no shell or wrapper in between.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..', '..');
const { processes } = JSON.parse(readFileSync(path.join(root, 'infra/deploy/processes.json'), 'utf8'));
const name = process.env.SAATHI_PROCESS;
const spec = processes.find((p) => p.name === name);
if (!spec) {
  console.error(`SAATHI_PROCESS must name one of: ${processes.map((p) => p.name).join(', ')}`);
  process.exit(64);
}
process.env.PORT ||= String(spec.port);
if (spec.internalPort) process.env.METRICS_PORT ||= String(spec.internalPort);
await import(pathToFileURL(path.join(root, spec.entry)).href);
