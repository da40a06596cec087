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
});
