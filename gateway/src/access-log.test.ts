/**
 * A feed request through the gateway to the real feed service, with both access logs on: the
 * viewer's point travels in the query, and neither process may write it down.
 */
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '@saathi/platform';
import { buildUser, startTestFeed } from '../../services/feed/src/testing/test-feed';
import type { TestFeed } from '../../services/feed/src/testing/test-feed';
import { allAt, closers, startGateway } from './test-upstreams';

const { track, closeAll } = closers();
afterAll(closeAll);

/** A logger at info whose JSON lines stay in memory. */
function capturingLogger(name: string) {
  const chunks: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk.toString());
      done();
    },
  });
  return {
    logger: createLogger({ name, level: 'info', destination }),
    text: () => chunks.join(''),
    accessLines: () =>
      chunks
        .join('')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as Record<string, unknown>)
        .filter((line) => line.msg === 'request completed'),
  };
}

const feedLog = capturingLogger('feed');
const gatewayLog = capturingLogger('gateway');
let feed: TestFeed;
let gatewayUrl: string;

beforeAll(async () => {
  feed = await startTestFeed({}, { logger: feedLog.logger });
  track(() => feed.close());
  const feedUrl = await feed.app.listen({ port: 0, host: '127.0.0.1' });
  const gateway = await startGateway({
    upstreams: allAt(feedUrl),
    // The gateway decodes the session too, so a leak of the user id would show at both hops.
    auth: { publicKey: feed.deps.config.JWT_PUBLIC_KEY },
    logger: gatewayLog.logger,
    accessLog: 'all',
  });
  track(() => gateway.app.close());
  gatewayUrl = gateway.url;
});

describe('access log of a feed request', () => {
  it('holds the route and status at the gateway and at feed, and no coordinate, query value or user', async () => {
    const viewer = buildUser();
    const cookie = Object.entries(feed.signIn(viewer).cookies)
      .map(([name, value]) => `${name}=${value}`)
      .join('; ');
    const post = await feed.createPost(buildUser(), { latitude: 28.6139, longitude: 77.209 });

    const list = await fetch(
      `${gatewayUrl}/api/posts?latitude=28.613912&longitude=77.209021&search=chai&limit=10`,
      { headers: { cookie } },
    );
    expect(list.status).toBe(200);
    const one = await fetch(`${gatewayUrl}/api/posts/${post.id}?latitude=28.613912&longitude=77.209021`, {
      headers: { cookie },
    });
    expect(one.status).toBe(200);
    // Refused by validation: a failed request is the one every access-log mode keeps.
    const refused = await fetch(`${gatewayUrl}/api/posts?latitude=128.613912&longitude=77.209021`);
    expect(refused.status).toBe(400);

    const gatewayLines = gatewayLog.accessLines();
    const feedLines = feedLog.accessLines();
    for (const text of [gatewayLog.text(), feedLog.text()]) {
      // Neither the raw digits nor any coordinate-shaped number (`ms` keeps two decimals).
      expect(text).not.toMatch(/613912|209021|28\.61|77\.20/);
      expect(text).not.toMatch(/\d+\.\d{3,}/);
      for (const word of ['latitude', 'longitude', 'chai']) expect(text).not.toContain(word);
    }
    const access = JSON.stringify([...gatewayLines, ...feedLines]);
    for (const id of [viewer.id, post.id]) expect(access).not.toContain(id);
    expect(gatewayLines.map((line) => [line.route, line.status])).toEqual([
      ['/api/posts', 200],
      ['/api/posts/*', 200],
      ['/api/posts', 400],
    ]);
    expect(feedLines.map((line) => [line.route, line.status])).toEqual([
      ['/api/posts', 201],
      ['/api/posts', 200],
      ['/api/posts/:id', 200],
      ['/api/posts', 400],
    ]);
  });
});
