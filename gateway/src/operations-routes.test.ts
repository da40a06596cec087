/**
 * /readyz and /metrics say how the system is built and how it is doing: nobody outside may
 * read them, neither the gateway's nor (through the gateway) a service's.
 */
import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serve } from '@saathi/platform';
import { allAt, buildTestGateway, closers, startFakeService, startGateway } from './test-upstreams';
import type { Upstreams } from './routes';

const { track, closeAll } = closers();
afterAll(closeAll);

let upstreams: Upstreams;
beforeAll(async () => {
  // Answers every path, /metrics and /readyz included, with its name.
  const service = await startFakeService('a-service');
  track(() => service.app.close());
  upstreams = allAt(service.url);
});

/** GET with the path exactly as written (fetch would resolve dot segments first). */
function rawGet(url: string, path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = httpRequest(url, { path, headers, agent: false }, (res) => {
      let body = '';
      res.on('data', (chunk: Buffer) => (body += chunk.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('operations routes', () => {
  it('refuses /readyz and /metrics to clients outside this machine, relayed ones included; /healthz stays public', async () => {
    const { app, url } = await startGateway({ upstreams, trustProxy: ['127.0.0.1'] });
    track(() => app.close());
    for (const path of ['/readyz', '/metrics']) {
      const outside = await app.inject({ url: path, remoteAddress: '203.0.113.9' });
      expect(outside.statusCode, path).toBe(404);
      expect(outside.json()).toEqual({ message: 'Not Found' });
      const relayed = await fetch(url + path, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(relayed.status, path).toBe(404);
      // This machine, directly: an operator's curl, the cluster launcher's readiness wait.
      expect((await fetch(url + path)).status, path).toBe(200);
    }
    const health = await app.inject({ url: '/healthz', remoteAddress: '203.0.113.9' });
    expect(health.json()).toEqual({ status: 'ok' });
  });

  it('serves probes and metrics to anyone on the internal port (METRICS_PORT), and nothing else there', async () => {
    const gateway = await buildTestGateway({ upstreams });
    const served = await serve(gateway, { port: 0, host: '127.0.0.1', internalPort: 0 });
    track(() => served.shutdown());
    const internal = served.internalAddress!;
    expect((await fetch(`${internal}/readyz`)).status).toBe(200);
    await fetch(`${served.address}/api/users/u-1`);
    const metrics = await fetch(`${internal}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
    expect(await metrics.text()).toMatch(/http_request_duration_seconds_count\{[^}]*service="gateway"/);
    expect((await fetch(`${internal}/api/users/u-1`)).status).toBe(404);
    expect((await fetch(`${internal}/`)).status).toBe(404);
  });

  it('never forwards a service’s /metrics, /readyz or /healthz, however the path is spelled', async () => {
    const { app, url } = await startGateway({ upstreams, trustProxy: ['127.0.0.1'] });
    track(() => app.close());
    const outsider = { 'x-forwarded-for': '203.0.113.9' };
    for (const target of ['metrics', 'readyz', 'healthz']) {
      for (const path of [
        `/${target}`,
        `//${target}`,
        `/api/${target}`,
        `/api/../${target}`,
        `/api/users/../../${target}`,
        `/api/users/..%2f..%2f${target}`,
        `/api/users/%2e%2e/%2e%2e/${target}`,
        `/socket.io/../${target}`,
        `/socket.io/%2e%2e/${target}`,
        `/socket.io/..%2f${target}`,
      ]) {
        const res = await rawGet(url, path, outsider);
        expect(res.body, path).not.toContain('a-service');
        if (target !== 'healthz') expect(res.status, path).not.toBe(200);
      }
    }
  });
});
