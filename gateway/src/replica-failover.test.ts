/**
 * A service with several replicas: a replica that refuses connections (stopping, restarting)
 * is skipped, and what it never saw goes to another; a request with a body is never re-sent.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allAt, closers, startFakeService, startGateway } from './test-upstreams';

const { track, closeAll } = closers();
afterAll(closeAll);

/** A port nothing listens on: connections to it are refused. */
async function refusedOrigin(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

let gateway: string;
let servedByLive = 0;

beforeAll(async () => {
  const live = await startFakeService('feed', (app) => {
    app.addHook('onRequest', (_request, _reply, done) => {
      servedByLive++;
      done();
    });
  });
  track(() => live.app.close());
  const down = await refusedOrigin();
  const started = await startGateway({
    upstreams: { ...allAt(live.url), feed: `${down},${live.url}` },
    rateLimit: { store: 'memory', max: 10_000 },
  });
  track(() => started.app.close());
  gateway = started.url;
});

describe('replica failover', () => {
  it('answers every GET from the live replica while the other refuses connections', async () => {
    const before = servedByLive;
    for (let i = 0; i < 10; i++) {
      const response = await fetch(`${gateway}/api/posts?latitude=1&longitude=2`);
      expect(response.status).toBe(200);
      expect(((await response.json()) as { service: string }).service).toBe('feed');
    }
    expect(servedByLive - before).toBe(10);
  });

  it('does not re-send a request whose body may have been read: a POST to the refusing replica fails as 503', async () => {
    // Two posts in a row: round-robin sends one of them to the refusing replica unless it is
    // ejected (it is, after the GETs above, for a moment) — so wait the ejection out first.
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const statuses: number[] = [];
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${gateway}/api/posts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ content: 'hi' }),
      });
      statuses.push(response.status);
    }
    expect(statuses.sort()).toEqual([200, 503]);
  });
});
