/**
 * Bench child: the real gateway (`buildGateway` with main.ts's settings: edge access log of
 * failed/slow requests, buffered stdout, rate limits, security headers, metrics) with `blog`
 * pointing at the bench upstream. The generous rate limit and the per-IP in-flight cap are
 * raised so the load is measured, not refused. argv: <blogUrl> [errors|all|off] [buffered|sync]
 * Env (optional): BENCH_IDENTITY_URL and BENCH_FEED_URL route identity's and feed's paths to real
 * processes, and BENCH_PUBLIC_KEY turns on the early access-token check with its public key.
 */
import { defineRoute, ROUTES_BY_SERVICE } from '@saathi/contracts';
import { createLogger } from '@saathi/platform';
import { pino } from 'pino';
import { buildGateway } from '../../../gateway/src/app';

const [blogUrl, accessLog = 'errors', logSync = 'buffered'] = process.argv.slice(2);
if (!blogUrl) throw new Error('usage: gateway-server.ts <blogUrl> [errors|all|off] [buffered|sync]');
const unused = 'http://127.0.0.1:9';
const identityUrl = process.env.BENCH_IDENTITY_URL;
const feedUrl = process.env.BENCH_FEED_URL;
const publicKey = process.env.BENCH_PUBLIC_KEY;
// The bench's trivial upstream route, declared like any service route so the edge forwards it.
const pingRoute = defineRoute({ service: 'blog', method: 'GET', path: '/api/blog/ping', access: 'public' });
const app = await buildGateway({
  routes: { ...ROUTES_BY_SERVICE, blog: [...ROUTES_BY_SERVICE.blog, pingRoute] },
  upstreams: {
    identity: identityUrl ?? unused,
    feed: feedUrl ?? unused,
    messaging: unused,
    blog: blogUrl,
    notification: unused,
    moderation: unused,
  },
  ...(publicKey ? { auth: { publicKey } } : {}),
  rateLimit: { store: 'memory', max: 1_000_000_000, authMax: 1_000_000_000 },
  // Every bench connection comes from 127.0.0.1: raised like the rate limit, still counted.
  maxInFlightPerIp: 1_000_000_000,
  // As gateway/src/main.ts: buffered stdout (argv[3] = 'sync' for one write per line).
  logger: createLogger({
    name: 'gateway',
    level: 'info',
    ...(logSync === 'sync'
      ? {}
      : { destination: pino.destination({ dest: 1, sync: false, minLength: 4096 }) }),
  }),
  accessLog: accessLog as 'all' | 'errors' | 'off',
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
process.on('disconnect', () => {
  void app.close().then(() => process.exit(0));
});
