// `npm run k8s:generate`: rewrites k8s/base and infra/nats/nats.conf (a NATS user per service)
// from the process table, and k8s/observability (alert rules, dashboards) from infra/observability.
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderObservability } from '../observability/render';
import { renderNatsConf } from './nats-config';
import { renderBase } from './render-k8s';

const baseDir = path.resolve(import.meta.dirname, '..', '..', 'k8s', 'base');
mkdirSync(baseDir, { recursive: true });
const files = renderBase();
for (const stale of readdirSync(baseDir)) if (!files.has(stale)) rmSync(path.join(baseDir, stale));
for (const [file, text] of files) writeFileSync(path.join(baseDir, file), text);
console.log(`k8s/base: ${files.size} files written`);

const observabilityDir = path.resolve(import.meta.dirname, '..', '..', 'k8s', 'observability');
rmSync(observabilityDir, { recursive: true, force: true });
const observability = renderObservability();
for (const [file, text] of observability) {
  mkdirSync(path.dirname(path.join(observabilityDir, file)), { recursive: true });
  writeFileSync(path.join(observabilityDir, file), text);
}
console.log(`k8s/observability: ${observability.size} files written`);

writeFileSync(path.resolve(import.meta.dirname, '..', 'nats', 'nats.conf'), renderNatsConf());
console.log('infra/nats/nats.conf written');
