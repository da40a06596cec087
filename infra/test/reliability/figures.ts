/**
 * Reliability tests record what they measured (events, jobs, requests, failures, duplicates,
 * durations) here; `infra/scripts/reliability-report.mjs` turns the last run's records into the
 * figures table of docs/reliability.md. One JSON file per test, so parallel workers never share one.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
export const FIGURES_DIR = path.join(repoRoot, '.test-results', 'reliability');

export type Figures = Record<string, number | string | boolean>;

/**
 * `area` groups tests in the report (e.g. "Faults", "Authorization", "Bad input"); `test` is the
 * test's name as the report should show it; `figures` are the numbers the test asserted on.
 */
export function recordFigures(area: string, test: string, figures: Figures): void {
  mkdirSync(FIGURES_DIR, { recursive: true });
  const file = `${area}-${test}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .slice(0, 120);
  writeFileSync(
    path.join(FIGURES_DIR, `${file}.json`),
    `${JSON.stringify({ area, test, figures, recordedAt: new Date().toISOString() }, null, 2)}\n`,
  );
}
