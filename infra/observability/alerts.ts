// The alert rules: each says what is wrong in words, how long it must last before anyone is
// paged, and which runbook (docs/runbooks/<name>.md) tells the on-call person what to do.
import { M, promql, type Query } from './promql';

export interface AlertRule {
  /** Also the runbook's file name, in kebab-case. */
  name: string;
  runbook: string;
  query: Query;
  for: string;
  severity: 'page' | 'ticket';
  summary: string;
}

export const ALERTS: readonly AlertRule[] = [
  {
    name: 'SaathiHighErrorRatio',
    runbook: 'high-error-ratio',
    query: promql`
      sum by (service) (rate(${M.httpCount}{status_code=~"5.."}[5m]))
        / sum by (service) (rate(${M.httpCount}[5m])) > 0.02`,
    for: '5m',
    severity: 'page',
    summary: 'More than 2 % of {{ $labels.service }} requests fail with 5xx',
  },
  {
    name: 'SaathiHighLatency',
    runbook: 'high-latency',
    query: promql`
      histogram_quantile(0.99, sum by (service, le) (rate(${M.httpBucket}[5m]))) > 0.25`,
    for: '10m',
    severity: 'page',
    summary: '{{ $labels.service }} p99 latency is above 250 ms',
  },
  {
    name: 'SaathiOutboxStuck',
    runbook: 'outbox-stuck',
    query: promql`max by (service) (${M.outboxOldestAge}) > 60`,
    for: '5m',
    severity: 'page',
    summary: '{{ $labels.service }} has events waiting in its outbox for over a minute',
  },
  {
    name: 'SaathiConsumerLag',
    runbook: 'consumer-lag',
    query: promql`max by (service, durable) (${M.consumerPending} + ${M.consumerAckPending}) > 1000`,
    for: '10m',
    severity: 'ticket',
    summary: '{{ $labels.durable }} ({{ $labels.service }}) is more than 1000 events behind',
  },
  {
    name: 'SaathiConsumerRedelivering',
    runbook: 'consumer-lag',
    query: promql`max by (service, durable) (${M.consumerRedelivered}) > 10`,
    for: '10m',
    severity: 'ticket',
    summary: '{{ $labels.durable }} keeps failing and redelivering events',
  },
  {
    name: 'SaathiDeadLetters',
    runbook: 'dead-letters',
    query: promql`max(${M.deadLetters}) > 0`,
    for: '1m',
    severity: 'ticket',
    summary: 'Events were parked in the dead-letter stream',
  },
  {
    name: 'SaathiQueueBacklog',
    runbook: 'queue-backlog',
    query: promql`max by (queue) (${M.queueJobs}{state="waiting"}) > 500`,
    for: '10m',
    severity: 'ticket',
    summary: 'More than 500 {{ $labels.queue }} jobs are waiting',
  },
  {
    name: 'SaathiJobsFailing',
    runbook: 'jobs-failing',
    query: promql`max by (queue) (delta(${M.queueJobs}{state="failed"}[15m])) > 10`,
    for: '5m',
    severity: 'ticket',
    summary: 'More than 10 {{ $labels.queue }} jobs failed for good in 15 minutes',
  },
  {
    name: 'SaathiDatabasePoolExhausted',
    runbook: 'database-pool-exhausted',
    query: promql`max by (service) (${M.dbPoolWaiting}) > 5`,
    for: '5m',
    severity: 'ticket',
    summary: '{{ $labels.service }} queries are queueing for a database connection',
  },
  {
    name: 'SaathiEventLoopLag',
    runbook: 'event-loop-lag',
    query: promql`max by (service) (${M.eventLoopP99}) > 0.2`,
    for: '10m',
    severity: 'ticket',
    summary: "{{ $labels.service }}'s event loop is lagging over 200 ms at p99",
  },
  {
    name: 'SaathiPodRestarting',
    runbook: 'pod-restarting',
    query: promql`sum by (pod) (increase(${M.podRestarts}{namespace="saathi"}[15m])) > 2`,
    for: '0m',
    severity: 'ticket',
    summary: '{{ $labels.pod }} restarted more than twice in 15 minutes',
  },
  {
    name: 'SaathiNoHealthyReplica',
    runbook: 'no-healthy-replica',
    query: promql`max by (deployment) (${M.replicasAvailable}{namespace="saathi"}) == 0`,
    for: '2m',
    severity: 'page',
    summary: '{{ $labels.deployment }} has no ready replica',
  },
];
