// Grafana dashboards as data: an overview with the golden signals of every process, and one
// dashboard per process of the table with its routes, events, queues and resources.
import type { ProcessSpec } from '../deploy/processes';
import { M, promql, raw, type Query } from './promql';

export interface Panel {
  title: string;
  queries: { query: Query; legend: string }[];
  unit: string;
}

export interface Dashboard {
  uid: string;
  title: string;
  panels: Panel[];
}

const sel = (name: string) => raw(`service="${name}"`);

function goldenSignals(): Panel[] {
  return [
    {
      title: 'Requests per second',
      unit: 'reqps',
      queries: [{ query: promql`sum by (service) (rate(${M.httpCount}[5m]))`, legend: '{{service}}' }],
    },
    {
      title: 'Error ratio (5xx)',
      unit: 'percentunit',
      queries: [
        {
          query: promql`sum by (service) (rate(${M.httpCount}{status_code=~"5.."}[5m])) / sum by (service) (rate(${M.httpCount}[5m]))`,
          legend: '{{service}}',
        },
      ],
    },
    {
      title: 'p99 latency',
      unit: 's',
      queries: [
        {
          query: promql`histogram_quantile(0.99, sum by (service, le) (rate(${M.httpBucket}[5m])))`,
          legend: '{{service}}',
        },
      ],
    },
    {
      title: 'Event-loop lag p99 (saturation)',
      unit: 's',
      queries: [{ query: promql`max by (service) (${M.eventLoopP99})`, legend: '{{service}}' }],
    },
    {
      title: 'Oldest unpublished outbox event',
      unit: 's',
      queries: [{ query: promql`max by (service) (${M.outboxOldestAge})`, legend: '{{service}}' }],
    },
    {
      title: 'Events behind, per consumer',
      unit: 'short',
      queries: [
        {
          query: promql`max by (service, durable) (${M.consumerPending} + ${M.consumerAckPending})`,
          legend: '{{durable}}',
        },
      ],
    },
    {
      title: 'Jobs waiting and failed, per queue',
      unit: 'short',
      queries: [
        { query: promql`max by (queue) (${M.queueJobs}{state="waiting"})`, legend: '{{queue}} waiting' },
        { query: promql`max by (queue) (${M.queueJobs}{state="failed"})`, legend: '{{queue}} failed' },
      ],
    },
    {
      title: 'Dead-letter events',
      unit: 'short',
      queries: [{ query: promql`max(${M.deadLetters})`, legend: 'parked' }],
    },
    {
      title: 'Sockets connected (messaging)',
      unit: 'short',
      queries: [{ query: promql`sum(${M.socketsConnected})`, legend: 'sockets' }],
    },
    {
      title: 'Ready replicas',
      unit: 'short',
      queries: [
        {
          query: promql`max by (deployment) (${M.replicasAvailable}{namespace="saathi"})`,
          legend: '{{deployment}}',
        },
      ],
    },
  ];
}

function processPanels(p: ProcessSpec): Panel[] {
  const s = sel(p.name);
  const panels: Panel[] = [];
  if (p.kind !== 'worker')
    panels.push(
      {
        title: 'Requests per second by route',
        unit: 'reqps',
        queries: [
          {
            query: promql`sum by (route, method) (rate(${M.httpCount}{${s}}[5m]))`,
            legend: '{{method}} {{route}}',
          },
        ],
      },
      {
        title: 'p99 latency by route',
        unit: 's',
        queries: [
          {
            query: promql`histogram_quantile(0.99, sum by (route, le) (rate(${M.httpBucket}{${s}}[5m])))`,
            legend: '{{route}}',
          },
        ],
      },
      {
        title: 'Errors by route and status',
        unit: 'reqps',
        queries: [
          {
            query: promql`sum by (route, status_code) (rate(${M.httpCount}{${s},status_code=~"5.."}[5m]))`,
            legend: '{{status_code}} {{route}}',
          },
        ],
      },
    );
  if (p.kind === 'service')
    panels.push(
      {
        title: 'Outbox: waiting events and oldest age',
        unit: 'short',
        queries: [
          { query: promql`max(${M.outboxWaiting}{${s}})`, legend: 'waiting' },
          { query: promql`max(${M.outboxOldestAge}{${s}})`, legend: 'oldest (s)' },
        ],
      },
      {
        title: 'Consumers: pending, unacknowledged, redelivered',
        unit: 'short',
        queries: [
          { query: promql`max by (durable) (${M.consumerPending}{${s}})`, legend: '{{durable}} pending' },
          { query: promql`max by (durable) (${M.consumerAckPending}{${s}})`, legend: '{{durable}} unacked' },
          {
            query: promql`max by (durable) (${M.consumerRedelivered}{${s}})`,
            legend: '{{durable}} redelivered',
          },
        ],
      },
    );
  if (p.name === 'messaging')
    panels.push(
      {
        title: 'Sockets connected',
        unit: 'short',
        queries: [{ query: promql`sum by (instance) (${M.socketsConnected})`, legend: '{{instance}}' }],
      },
      {
        title: 'Realtime events per second',
        unit: 'short',
        queries: [
          {
            query: promql`sum by (event, direction) (rate(${M.socketEvents}[5m]))`,
            legend: '{{direction}} {{event}}',
          },
        ],
      },
    );
  if (p.queues.length > 0)
    panels.push({
      title: 'Jobs by queue and state',
      unit: 'short',
      queries: [
        { query: promql`max by (queue, state) (${M.queueJobs}{${s}})`, legend: '{{queue}} {{state}}' },
      ],
    });
  if (p.needs.includes('postgres'))
    panels.push({
      title: 'Database pool',
      unit: 'short',
      queries: [
        { query: promql`sum by (state) (${M.dbPoolConnections}{${s}})`, legend: '{{state}}' },
        { query: promql`sum(${M.dbPoolWaiting}{${s}})`, legend: 'waiting' },
      ],
    });
  panels.push(
    {
      title: 'Event-loop lag p99',
      unit: 's',
      queries: [{ query: promql`max by (instance) (${M.eventLoopP99}{${s}})`, legend: '{{instance}}' }],
    },
    {
      title: 'Memory (resident) and CPU',
      unit: 'bytes',
      queries: [
        { query: promql`max by (instance) (${M.residentMemory}{${s}})`, legend: '{{instance}} RSS' },
        {
          query: promql`sum by (instance) (rate(${M.cpuSeconds}{${s}}[5m]))`,
          legend: '{{instance}} CPU (cores)',
        },
      ],
    },
  );
  return panels;
}

export function dashboardsFor(processes: readonly ProcessSpec[]): Dashboard[] {
  return [
    { uid: 'saathi-overview', title: 'Saathi — overview', panels: goldenSignals() },
    ...processes.map((p) => ({
      uid: `saathi-${p.name}`,
      title: `Saathi — ${p.name}`,
      panels: processPanels(p),
    })),
  ];
}

/** Grafana's dashboard JSON model: two columns of time series on a Prometheus data source. */
export function grafanaJson(dashboard: Dashboard): Record<string, unknown> {
  const datasource = { type: 'prometheus', uid: '${datasource}' };
  return {
    uid: dashboard.uid,
    title: dashboard.title,
    tags: ['saathi'],
    schemaVersion: 39,
    version: 1,
    editable: true,
    refresh: '30s',
    time: { from: 'now-6h', to: 'now' },
    templating: {
      list: [{ name: 'datasource', type: 'datasource', query: 'prometheus', label: 'Data source' }],
    },
    panels: dashboard.panels.map((panel, i) => ({
      id: i + 1,
      type: 'timeseries',
      title: panel.title,
      datasource,
      gridPos: { x: (i % 2) * 12, y: Math.floor(i / 2) * 8, w: 12, h: 8 },
      fieldConfig: { defaults: { unit: panel.unit }, overrides: [] },
      targets: panel.queries.map(({ query, legend }, j) => ({
        refId: String.fromCharCode(65 + j),
        datasource,
        expr: query.expr,
        legendFormat: legend,
      })),
    })),
  };
}
