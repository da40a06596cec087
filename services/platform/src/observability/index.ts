export { OperationalMetric, registerOperationalMetrics } from './operational-metrics';
export type { OperationalSources } from './operational-metrics';
export { initTracing, inSpan, shutdownTracing, startSpan, tracingEnabled } from './tracing';
export type { SpanHandle, StartSpanOptions } from './tracing';
export { addRequestSpans, spanIdOf } from './request-spans';
export { traceConsumers, traceWorkers } from './traced-ports';
