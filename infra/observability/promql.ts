// PromQL written with its metric names interpolated, so every dashboard panel and alert knows
// which metrics it reads — and a test can check each one is exported by some process.

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

/** The metrics the dashboards and alerts use. */
export const M = {
  httpBucket: 'http_request_duration_seconds_bucket',
  httpCount: 'http_request_duration_seconds_count',
  eventLoopP99: 'nodejs_eventloop_lag_p99_seconds',
  residentMemory: 'process_resident_memory_bytes',
  cpuSeconds: 'process_cpu_seconds_total',
  outboxWaiting: 'saathi_outbox_waiting',
  outboxOldestAge: 'saathi_outbox_oldest_age_seconds',
  consumerPending: 'saathi_consumer_pending',
  consumerAckPending: 'saathi_consumer_ack_pending',
  consumerRedelivered: 'saathi_consumer_redelivered',
  deadLetters: 'saathi_dead_letter_events',
  queueJobs: 'saathi_queue_jobs',
  dbPoolConnections: 'saathi_db_pool_connections',
  dbPoolWaiting: 'saathi_db_pool_waiting',
  socketsConnected: 'messaging_sockets_connected',
  socketEvents: 'messaging_socket_events_total',
  /** From kube-state-metrics, not from Saathi's processes. */
  podRestarts: 'kube_pod_container_status_restarts_total',
  replicasAvailable: 'kube_deployment_status_replicas_available',
} as const;

/** Metrics another exporter provides (kube-state-metrics in the cluster). */
export const EXTERNAL_METRICS: ReadonlySet<string> = new Set([M.podRestarts, M.replicasAvailable]);
