import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';

const HASHED_ASSET = /[\\/]assets[\\/]/;

/**
 * Serves the built web app. Any other GET outside `/api` returns index.html so the web
 * app's router (and its 404 screen) decides; an unknown `/api/*` path stays a JSON 404.
 */
export async function registerWeb(app: FastifyInstance, webDist: string | undefined): Promise<void> {
  const root = webDist ? path.resolve(webDist) : undefined;
  const hasIndex = root !== undefined && existsSync(path.join(root, 'index.html'));
  if (root && hasIndex) {
    await app.register(fastifyStatic, {
      root,
      // One route per built file, registered at start: the SPA fallback below keeps `/*`.
      wildcard: false,
      index: false,
      setHeaders: (reply, filePath) => {
        // Vite fingerprints everything under assets/, so those never change.
        void reply.header(
          'cache-control',
          HASHED_ASSET.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ webDist: root }, 'web app not built: only the API is served (run `npm run build`)');
  }

  app.get('/*', { config: { accessLog: true } }, (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !hasIndex) {
      return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not Found' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
