export { OperationalMetric, registerOperationalMetrics } from './operational-metrics';
export type { OperationalSources } from './operational-metrics';
