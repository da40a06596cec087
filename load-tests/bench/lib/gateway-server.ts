/**
 * Bench child: the real gateway (`buildGateway`, production settings: access log at info,
 * rate limiting, helmet, metrics) with `blog` pointing at the bench upstream. The rate limit
 * is raised so the load is measured, not refused. argv: <blogUrl> [all|errors|off] [buffered|sync]
 */
import { createLogger } from '@saathi/platform';
import { pino } from 'pino';
import { buildGateway } from '../../../gateway/src/app';

const [blogUrl, accessLog = 'all', logSync = 'buffered'] = process.argv.slice(2);
if (!blogUrl) throw new Error('usage: gateway-server.ts <blogUrl> [all|errors|off]');
const unused = 'http://127.0.0.1:9';
const app = await buildGateway({
  upstreams: { identity: unused, feed: unused, messaging: unused, blog: blogUrl, notification: unused },
  rateLimit: { store: 'memory', max: 1_000_000_000 },
  // As gateway/src/main.ts: buffered stdout (argv[3] = 'sync' for one write per line).
  logger: createLogger({ name: 'gateway', level: 'info', ...(logSync === 'sync' ? {} : { destination: pino.destination({ dest: 1, sync: false, minLength: 4096 }) }) }),
  accessLog: accessLog as 'all' | 'errors' | 'off',
});
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
process.on('disconnect', () => {
  void app.close().then(() => process.exit(0));
});
