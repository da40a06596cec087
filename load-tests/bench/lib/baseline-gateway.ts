/**
 * Bench child, for comparison only: the "default" gateway set-up the issue measured at 21% —
 * Fastify with its default request logging (two sync lines per request), @fastify/helmet on
 * every route, @fastify/rate-limit, and @fastify/http-proxy per prefix. argv: <blogUrl>
 */
import Fastify from 'fastify';
import helmet from '@fastify/helmet';
import httpProxy from '@fastify/http-proxy';
import rateLimit from '@fastify/rate-limit';

const [blogUrl] = process.argv.slice(2);
if (!blogUrl) throw new Error('usage: baseline-gateway.ts <blogUrl>');
const app = Fastify({ logger: { level: 'info' } });
await app.register(helmet);
await app.register(rateLimit, { max: 1_000_000_000, timeWindow: 60_000 });
await app.register(httpProxy, { upstream: blogUrl, prefix: '/api/blog', rewritePrefix: '/api/blog' });
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
process.on('disconnect', () => {
  void app.close().then(() => process.exit(0));
});
