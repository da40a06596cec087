import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { defineEvent } from '@saathi/contracts';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { z } from 'zod';
import { makeEnvelope } from '../events/make-envelope';
import { createMemoryBus } from '../events/memory-bus';
import { createApp } from '../http/create-app';
import { waitFor } from '../testing';
import { traceConsumers } from './traced-ports';
import { initTracing, shutdownTracing, tracingEnabled } from './tracing';

interface ExportedSpan {
  name: string;
  kind: number;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: { key: string; value: Record<string, unknown> }[];
}

const pinged = defineEvent('otel.thing.pinged.v1', z.object({}));
const exported: ExportedSpan[] = [];
const collector = createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    if (req.url === '/v1/traces') {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: { scopeSpans: { spans: ExportedSpan[] }[] }[];
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans) exported.push(...scope.spans);
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await shutdownTracing();
  await new Promise((resolve) => collector.close(resolve));
});

it('adds nothing while no OTLP endpoint is configured', async () => {
  expect(initTracing('quiet', {})).toBe(false);
  expect(tracingEnabled()).toBe(false);
  const bus = createMemoryBus();
  expect(traceConsumers(bus)).toBe(bus);
  await bus.close();
});

it('exports a request span continuing the caller’s traceparent and a consumer span in the same trace', async () => {
  const { port } = collector.address() as AddressInfo;
  process.env.OTEL_EXPORTER_OTLP_ENDPOINT = `http://127.0.0.1:${port}`;
  try {
    expect(initTracing('otel-test')).toBe(true);
    const traceId = randomBytes(16).toString('hex');
    const callerSpan = randomBytes(8).toString('hex');

    const app = await createApp({
      name: 'otel-test',
      logLevel: 'silent',
      defaultMetrics: false,
      readiness: {},
    });
    app.get('/things/:id', () => ({ ok: true }));
    const answer = await app.inject({
      method: 'GET',
      url: '/things/42',
      headers: { traceparent: `00-${traceId}-${callerSpan}-01` },
    });
    expect(answer.statusCode).toBe(200);

    const bus = traceConsumers(createMemoryBus());
    let handled = false;
    await bus.subscribe({
      durable: 'otel.pinged',
      event: pinged,
      handle: () => {
        handled = true;
        return Promise.resolve();
      },
    });
    await bus.publish(makeEnvelope(pinged, {}, { traceId }));
    await waitFor(() => handled, 2_000);
    await bus.close();
    await app.close();
    await shutdownTracing(); // flushes the batch to the collector

    const server = exported.find((span) => span.name === 'GET /things/:id');
    expect(server).toMatchObject({ traceId, parentSpanId: callerSpan, kind: 2 });
    expect(server?.attributes).toContainEqual({ key: 'http.response.status_code', value: { intValue: 200 } });
    const consumer = exported.find((span) => span.name === `event ${pinged.type}`);
    expect(consumer).toMatchObject({ traceId, kind: 5 });
  } finally {
    delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  }
});
