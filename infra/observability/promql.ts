// PromQL written with its metric names interpolated, so every dashboard panel and alert knows
// which metrics it reads — and a test can check each one is exported by some process.
import { OperationalMetric } from '../../services/platform/src/observability/operational-metrics';
import type { MetricName } from './metric-names';

export interface Query {
  expr: string;
  metrics: readonly string[];
}

/** Text put into an expression as it is (a label matcher), not counted as a metric. */
export interface Raw {
  raw: string;
}
export const raw = (text: string): Raw => ({ raw: text });

/**
 * promql`sum(rate(${M.httpCount}{${raw('service="feed"')}}[5m]))` → the expression, and the
 * metrics it reads (every interpolated string; `raw(…)` parts are not metrics).
 */
export function promql(strings: TemplateStringsArray, ...parts: (string | Raw)[]): Query {
  let expr = strings[0] ?? '';
  const metrics: string[] = [];
  parts.forEach((part, i) => {
    if (typeof part === 'string') metrics.push(part);
    expr += (typeof part === 'string' ? part : part.raw) + (strings[i + 1] ?? '');
  });
  return { expr: expr.replace(/\s+/g, ' ').trim(), metrics: [...new Set(metrics)] };
}

/** A metric some process of Saathi exports: the typecheck refuses a name it does not define. */
const exported = <Name extends MetricName>(name: Name): Name => name;
/** A metric another exporter provides (kube-state-metrics in the cluster), listed in EXTERNAL_METRICS. */
const external = <Name extends string>(name: Name): Name => name;

/**
 * The metrics the dashboards and alerts use. The operational gauges come from the module that
 * registers them; every other name must be in metric-names.ts, which
 * `node --import tsx infra/scripts/gen-metric-names.mjs` writes from the code that defines the
 * metrics (exported-metrics.ts), so a renamed or removed
 * metric fails the typecheck here rather than leaving a dashboard panel empty.
 */
export const M = {
  httpBucket: exported('http_request_duration_seconds_bucket'),
  httpCount: exported('http_request_duration_seconds_count'),
  eventLoopP99: exported('nodejs_eventloop_lag_p99_seconds'),
  residentMemory: exported('process_resident_memory_bytes'),
  cpuSeconds: exported('process_cpu_seconds_total'),
  ...OperationalMetric,
  socketsConnected: exported('messaging_sockets_connected'),
  socketEvents: exported('messaging_socket_events_total'),
  podRestarts: external('kube_pod_container_status_restarts_total'),
  replicasAvailable: external('kube_deployment_status_replicas_available'),
} as const;

/** Metrics another exporter provides (kube-state-metrics in the cluster). */
export const EXTERNAL_METRICS: ReadonlySet<string> = new Set([M.podRestarts, M.replicasAvailable]);
