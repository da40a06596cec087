/**
 * Span export with OpenTelemetry, only when `OTEL_EXPORTER_OTLP_ENDPOINT` is set. Without it no
 * provider exists, no hook is added to any request and nothing costs more.
 *
 * Saathi already carries one W3C trace id per request into events and jobs (trace-context.ts);
 * the spans reuse those ids rather than running a second context system beside them. A request's
 * span continues its caller's `traceparent` (the gateway's span is the parent of the service's).
 * An event or job names only its trace, not the span that wrote it, so a consumer's or worker's
 * span joins the trace as a root of its own — the same trace id, no invented parent.
 */
import { ROOT_CONTEXT, SpanKind, SpanStatusCode, TraceFlags, trace } from '@opentelemetry/api';
import type { Attributes, Tracer } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, RandomIdGenerator, TracerProvider } from '@opentelemetry/sdk-trace';
import type { IdGenerator } from '@opentelemetry/sdk-trace';

export type SpanKindName = 'server' | 'consumer' | 'internal';

export interface SpanHandle {
  readonly spanId: string;
  end(outcome?: { error?: unknown; attributes?: Attributes }): void;
}

export interface StartSpanOptions {
  traceId: string;
  /** The caller's span (from `traceparent`); absent for consumers and workers. */
  parentSpanId?: string | null;
  kind: SpanKindName;
  attributes?: Attributes;
}

const KINDS: Record<SpanKindName, SpanKind> = {
  server: SpanKind.SERVER,
  consumer: SpanKind.CONSUMER,
  internal: SpanKind.INTERNAL,
};

/**
 * A root span's trace id is whatever the id generator returns; startSpan is synchronous, so
 * setting the wanted id just before it and clearing it after cannot leak into another span.
 */
class ChosenTraceIds implements IdGenerator {
  wanted: string | null = null;
  private readonly random = new RandomIdGenerator();
  generateTraceId(): string {
    return this.wanted ?? this.random.generateTraceId();
  }
  generateSpanId(): string {
    return this.random.generateSpanId();
  }
}

interface ActiveTracing {
  provider: TracerProvider;
  tracer: Tracer;
  ids: ChosenTraceIds;
}

let active: ActiveTracing | null = null;

export const tracingEnabled = (): boolean => active !== null;

/**
 * Starts exporting spans for this process when the environment names an OTLP endpoint (the
 * exporter reads `OTEL_EXPORTER_OTLP_ENDPOINT` and its sibling variables itself). Returns whether
 * tracing is on. A second call keeps the first provider (embedded mode starts many services).
 */
export function initTracing(serviceName: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (active) return true;
  const endpoint = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ?? env.OTEL_EXPORTER_OTLP_ENDPOINT;
  if (!endpoint) return false;
  const ids = new ChosenTraceIds();
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': env.OTEL_SERVICE_NAME ?? serviceName }),
    idGenerator: ids,
    spanProcessors: [new BatchSpanProcessor({ exporter: new OTLPTraceExporter() })],
  });
  active = { provider, tracer: provider.getTracer('saathi'), ids };
  return true;
}

/** Sends what is buffered and stops; part of a process's graceful stop. */
export async function shutdownTracing(): Promise<void> {
  const current = active;
  active = null;
  await current?.provider.shutdown();
}

const describe = (error: unknown): string =>
  error instanceof Error ? error.message : typeof error === 'string' ? error : 'failed';

const TRACE_ID = /^(?!0+$)[0-9a-f]{32}$/;
const NO_SPAN: SpanHandle = { spanId: '', end: () => undefined };

export function startSpan(name: string, options: StartSpanOptions): SpanHandle {
  if (!active) return NO_SPAN;
  const { tracer, ids } = active;
  const parent =
    options.parentSpanId && TRACE_ID.test(options.traceId)
      ? trace.setSpanContext(ROOT_CONTEXT, {
          traceId: options.traceId,
          spanId: options.parentSpanId,
          traceFlags: TraceFlags.SAMPLED,
          isRemote: true,
        })
      : ROOT_CONTEXT;
  ids.wanted = !options.parentSpanId && TRACE_ID.test(options.traceId) ? options.traceId : null;
  const span = tracer.startSpan(
    name,
    { kind: KINDS[options.kind], ...(options.attributes ? { attributes: options.attributes } : {}) },
    parent,
  );
  ids.wanted = null;
  return {
    spanId: span.spanContext().spanId,
    end(outcome = {}) {
      if (outcome.attributes) span.setAttributes(outcome.attributes);
      if (outcome.error !== undefined) {
        span.setStatus({
          code: SpanStatusCode.ERROR,
          message: describe(outcome.error),
        });
      }
      span.end();
    },
  };
}

/** Runs `work` inside a span that ends with its outcome (an error marks the span and is rethrown). */
export async function inSpan<T>(name: string, options: StartSpanOptions, work: () => Promise<T>): Promise<T> {
  const span = startSpan(name, options);
  try {
    const result = await work();
    span.end();
    return result;
  } catch (error) {
    span.end({ error });
    throw error;
  }
}
