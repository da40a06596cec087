import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { blogSlugOfPath, withBlogMeta } from './blog-meta';
import type { BlogMetaSource } from './blog-meta';

const HASHED_ASSET = /[\\/]assets[\\/]/;

export interface WebOptions {
  /** Gives `/blog/:slug` its story's head tags (link previews read no JavaScript). */
  blogMeta?: BlogMetaSource;
  /** The site's public origin, for og:url. */
  publicOrigin?: string;
}

/**
 * Serves the built web app. Any other GET outside `/api` returns index.html so the web
 * app's router (and its 404 screen) decides; an unknown `/api/*` path stays a JSON 404.
 */
export async function registerWeb(
  app: FastifyInstance,
  webDist: string | undefined,
  options: WebOptions = {},
): Promise<void> {
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

  // Read once: the built file does not change while the process runs.
  let indexHtml: Promise<string> | undefined;
  const readIndex = () => (indexHtml ??= readFile(path.join(root ?? '', 'index.html'), 'utf8'));
  const origin = new URL(options.publicOrigin ?? 'http://localhost:3000').origin;

  app.get('/*', { config: { accessLog: true } }, async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !hasIndex) {
      return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not Found' });
    }
    const slug = options.blogMeta ? blogSlugOfPath(pathname) : null;
    const meta = slug ? await options.blogMeta?.lookup(slug) : null;
    if (slug && meta) {
      const html = withBlogMeta(await readIndex(), meta, `${origin}/blog/${slug}`);
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
