// The dashboards and alert rules against the code: generated files are current, every PromQL
// expression parses, every alert has a runbook, and every metric they read is exported by a
// running process (or by kube-state-metrics) — read from a real cluster's /metrics.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { beforeAll, describe, expect, it } from 'vitest';
import { PROCESSES } from '../deploy/processes';
import { ALERTS } from '../observability/alerts';
import { dashboardsFor } from '../observability/dashboards';
import { EXTERNAL_METRICS, type Query } from '../observability/promql';
import { renderObservability } from '../observability/render';
import { sharedProduct } from '../../web/e2e/modes';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const dashboards = dashboardsFor(PROCESSES);
const queries: { where: string; query: Query }[] = [
  ...ALERTS.map((alert) => ({ where: `alert ${alert.name}`, query: alert.query })),
  ...dashboards.flatMap((d) =>
    d.panels.flatMap((panel) =>
      panel.queries.map(({ query }) => ({ where: `${d.uid}: ${panel.title}`, query })),
    ),
  ),
];

function parseErrors(expr: string): string[] {
  const errors: string[] = [];
  parser.parse(expr).iterate({
    enter(node) {
      if (node.type.isError)
        errors.push(`at ${node.from}: …${expr.slice(Math.max(0, node.from - 20), node.from + 20)}…`);
    },
  });
  return errors;
}

/** Metric names a /metrics text exposes; a histogram exposes its _bucket, _count and _sum series. */
function exposedNames(text: string): string[] {
  const names: string[] = [];
  for (const match of text.matchAll(/^# TYPE (\S+) (\S+)$/gm)) {
    const [, name, type] = match as unknown as [string, string, string];
    names.push(name);
    if (type === 'histogram') names.push(`${name}_bucket`, `${name}_count`, `${name}_sum`);
  }
  return names;
}

describe('dashboards and alerts', () => {
  it('k8s/observability is what `npm run k8s:generate` writes', () => {
    for (const [file, text] of renderObservability())
      expect(readFileSync(path.join(repoRoot, 'k8s', 'observability', file), 'utf8'), file).toBe(text);
  });

  it('every expression parses as PromQL (and a broken one does not)', () => {
    for (const { where, query } of queries) expect(parseErrors(query.expr), where).toEqual([]);
    expect(parseErrors('sum(rate(http_request_duration_seconds_count[5m]) >')).not.toEqual([]);
  });

  it('every alert has a severity, a for window and a runbook saying what it means and what to do', () => {
    const index = readFileSync(path.join(repoRoot, 'docs', 'runbooks', 'README.md'), 'utf8');
    for (const alert of ALERTS) {
      expect(alert.for, alert.name).toMatch(/^\d+[smh]$/);
      const file = path.join(repoRoot, 'docs', 'runbooks', `${alert.runbook}.md`);
      expect(existsSync(file), `${alert.name} → docs/runbooks/${alert.runbook}.md`).toBe(true);
      const runbook = readFileSync(file, 'utf8');
      for (const heading of ['## What it means', '## How to confirm', '## What to do'])
        expect(runbook, `${alert.runbook}.md: ${heading}`).toContain(heading);
      expect(index, `runbooks/README.md lists ${alert.name}`).toContain(alert.name);
    }
  });

  it('there is an overview and one dashboard per process', () => {
    expect(dashboards.map((d) => d.uid).sort()).toEqual(
      ['saathi-overview', ...PROCESSES.map((p) => `saathi-${p.name}`)].sort(),
    );
  });

  describe('against a running cluster', () => {
    // The run's shared cluster (web/e2e/shared-products.ts): only its metrics are read.
    let cluster: { ports: Record<string, number> } | undefined;
    beforeAll(async () => {
      const shared = await sharedProduct('cluster');
      cluster = { ports: shared.ports ?? {} };
    }, 120_000);

    it('reads only metrics some process exports (or kube-state-metrics)', async () => {
      const exported = new Set<string>();
      for (const [name, port] of Object.entries(cluster!.ports)) {
        const response = await fetch(`http://127.0.0.1:${port}/metrics`);
        expect(response.status, `${name} /metrics`).toBe(200);
        for (const metric of exposedNames(await response.text())) exported.add(metric);
      }
      const unknown = queries.flatMap(({ where, query }) =>
        query.metrics
          .filter((m) => !exported.has(m) && !EXTERNAL_METRICS.has(m))
          .map((m) => `${where}: ${m}`),
      );
      expect(unknown).toEqual([]);
      // And the check itself can fail: a made-up metric is not exported.
      expect(exported.has('saathi_made_up_metric')).toBe(false);
    });
  });
});
