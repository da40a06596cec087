// Writes infra/observability/metric-names.ts, the names of every metric Saathi's processes export,
// from the modules that define them (infra/observability/exported-metrics.ts). Run it under tsx:
// `node --import tsx infra/scripts/gen-metric-names.mjs`. `--check` writes nothing and exits 1
// when the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { GENERATE_METRIC_NAMES, renderMetricNames } from '../observability/exported-metrics.ts';

const file = path.resolve(import.meta.dirname, '..', 'observability', 'metric-names.ts');
const text = renderMetricNames();
const current = readFileSync(file, { encoding: 'utf8', flag: 'a+' });
if (process.argv.includes('--check')) {
  if (current !== text) {
    console.error(`${path.relative(process.cwd(), file)} is out of date: run \`${GENERATE_METRIC_NAMES}\``);
    process.exit(1);
  }
} else if (current !== text) {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
