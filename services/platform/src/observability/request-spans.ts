import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { TRACEPARENT_HEADER } from '../http/trace-context';
import { startSpan, tracingEnabled } from './tracing';
import type { SpanHandle } from './tracing';

const SPAN = Symbol('saathi.span');
type WithSpan = IncomingMessage & { [SPAN]?: SpanHandle };

const PARENT = /^00-[0-9a-f]{32}-([0-9a-f]{16})-[0-9a-f]{2}$/;

/** This request's span id, to send on as the parent in `traceparent`; undefined when not traced. */
export const spanIdOf = (req: object): string | undefined => (req as WithSpan)[SPAN]?.spanId || undefined;

/**
 * One server span per request, named by its route template, continuing the caller's span.
 * Added only when spans are exported: otherwise requests pay nothing.
 */
export function addRequestSpans(app: FastifyInstance): void {
  if (!tracingEnabled()) return;
  app.addHook('onRequest', (request, _reply, done) => {
    const header = request.headers[TRACEPARENT_HEADER];
    const parentSpanId = typeof header === 'string' ? (PARENT.exec(header.trim())?.[1] ?? null) : null;
    (request.raw as WithSpan)[SPAN] = startSpan(
      `${request.method} ${request.routeOptions.url ?? 'unmatched'}`,
      {
        traceId: request.traceId,
        parentSpanId,
        kind: 'server',
        attributes: {
          'http.request.method': request.method,
          'http.route': request.routeOptions.url ?? 'unmatched',
        },
      },
    );
    done();
  });
  app.addHook('onResponse', (request, reply, done) => {
    const status = reply.statusCode;
    (request.raw as WithSpan)[SPAN]?.end({
      attributes: { 'http.response.status_code': status },
      ...(status >= 500 ? { error: `HTTP ${status}` } : {}),
    });
    done();
  });
}
