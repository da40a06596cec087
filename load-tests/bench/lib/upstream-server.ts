/**
 * Bench child: the smallest realistic upstream — a Fastify app with one JSON route and no
 * logging. Reports its address to the parent over IPC.
 */
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/api/blog/ping', () => ({ pong: true }));
const url = await app.listen({ port: 0, host: '127.0.0.1' });
process.send?.({ url });
process.on('disconnect', () => {
  void app.close().then(() => process.exit(0));
});
