// The dashboards and alerts against the code that defines the metrics, without a cluster:
// metric-names.ts is current, and every query reads a metric some process exports (or
// kube-state-metrics). observability.test.ts checks the same against a running cluster.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROCESSES } from '../deploy/processes';
import { ALERTS } from '../observability/alerts';
import { dashboardsFor } from '../observability/dashboards';
import {
  GENERATE_METRIC_NAMES,
  exportedMetricNames,
  renderMetricNames,
} from '../observability/exported-metrics';
import { METRIC_NAMES } from '../observability/metric-names';
import { EXTERNAL_METRICS, M, promql, type Query } from '../observability/promql';

const queries: { where: string; query: Query }[] = [
  ...ALERTS.map((alert) => ({ where: `alert ${alert.name}`, query: alert.query })),
  ...dashboardsFor(PROCESSES).flatMap((d) =>
    d.panels.flatMap((panel) =>
      panel.queries.map(({ query }) => ({ where: `${d.uid}: ${panel.title}`, query })),
    ),
  ),
];

const known = new Set<string>([...METRIC_NAMES, ...EXTERNAL_METRICS]);
const unknownIn = (list: typeof queries) =>
  list.flatMap(({ where, query }) => query.metrics.filter((m) => !known.has(m)).map((m) => `${where}: ${m}`));

describe('metric names', () => {
  it(`metric-names.ts is what \`${GENERATE_METRIC_NAMES}\` writes`, () => {
    const file = path.join(import.meta.dirname, '..', 'observability', 'metric-names.ts');
    expect(readFileSync(file, 'utf8')).toBe(renderMetricNames());
  });

  it('holds the metrics of every defining module: HTTP, the process, the operational gauges, the sockets', () => {
    const names = exportedMetricNames();
    for (const name of [
      'http_request_duration_seconds_bucket',
      'process_resident_memory_bytes',
      'saathi_outbox_waiting',
      'saathi_queue_jobs',
      'messaging_sockets_connected',
    ])
      expect(names).toContain(name);
  });

  it('every dashboard panel and alert reads only metrics the code defines (or kube-state-metrics)', () => {
    expect(queries.length).toBeGreaterThan(20);
    expect(unknownIn(queries)).toEqual([]);
    for (const name of Object.values(M)) expect(known.has(name), name).toBe(true);
  });

  it('and the check can fail: a query of a made-up metric is named', () => {
    const query = promql`sum(rate(${'saathi_made_up_total'}[5m]))`;
    expect(unknownIn([{ where: 'made up', query }])).toEqual(['made up: saathi_made_up_total']);
  });
});
