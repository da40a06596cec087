import { describe, expect, it } from 'vitest';
import { createApp } from './create-app';
import { serve } from './serve';

describe('serve', () => {
  it('finishes an in-flight request before closing, then runs onClose', async () => {
    const app = await createApp({ name: 'test', logLevel: 'silent', readiness: {} });
    const events: string[] = [];
    let started!: () => void;
    const requestStarted = new Promise<void>((resolve) => (started = resolve));
    app.get('/slow', async () => {
      started();
      await new Promise((resolve) => setTimeout(resolve, 300));
      events.push('request finished');
      return { done: true };
    });
    const served = await serve(app, {
      port: 0,
      host: '127.0.0.1',
      onClose: () => {
        events.push('onClose');
        return Promise.resolve();
      },
    });
    const inFlight = fetch(`${served.address}/slow`);
    await requestStarted; // shut down only once the request is really in flight
    const closed = served.shutdown();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await closed;
    expect(events).toEqual(['request finished', 'onClose']);
    await expect(fetch(`${served.address}/healthz`)).rejects.toThrow();
  });

  it('serves the probes and metrics, and nothing else, on the internal port', async () => {
    const app = await createApp({
      name: 'test',
      logLevel: 'silent',
      readiness: {},
      operationsAccess: 'private',
    });
    app.get('/api/things', () => ({ things: [] }));
    const served = await serve(app, { port: 0, host: '127.0.0.1', internalPort: 0 });
    try {
      const internal = served.internalAddress!;
      expect(internal).not.toBe(served.address);
      expect(await (await fetch(`${internal}/healthz`)).json()).toEqual({ status: 'ok' });
      expect((await fetch(`${internal}/readyz`)).status).toBe(200);
      // Relayed or not, whoever reaches the internal port is the operator's.
      const metrics = await fetch(`${internal}/metrics`, { headers: { 'x-forwarded-for': '203.0.113.9' } });
      expect(metrics.status).toBe(200);
      expect(await metrics.text()).toContain('http_request_duration_seconds');
      const api = await fetch(`${internal}/api/things`);
      expect(api.status).toBe(404);
      expect(await api.json()).toEqual({ message: 'Not Found' });
      const relayed = await fetch(`${served.address}/metrics`, {
        headers: { 'x-forwarded-for': '203.0.113.9' },
      });
      expect(relayed.status).toBe(404);
    } finally {
      await served.shutdown();
    }
    await expect(fetch(`${served.internalAddress}/healthz`)).rejects.toThrow();
  });
});
