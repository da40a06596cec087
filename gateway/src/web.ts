import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { blogSlugOfPath, withBlogMeta } from './blog-meta';
import type { BlogMetaSource } from './blog-meta';
import { postIdOfPath, withPostMeta } from './post-meta';
import type { PostMetaSource } from './post-meta';
import { bootsAfterPaint, loadRoutePreloads } from './route-preload';
import { variesByVisitor, withPrerenderedMain, type PrerenderRequest } from './route-prerender';
import { cspNoncesOf } from './security';
import type { CspNonces } from './security';
import { renderSitemap } from './sitemap';
import type { SitemapSource } from './sitemap';

const HASHED_ASSET = /[\\/]assets[\\/]/;

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export interface WebOptions {
  /** Gives `/blog/:slug` its story's head tags (link previews read no JavaScript). */
  blogMeta?: BlogMetaSource;
  /** Gives `/post/:id` the post's head tags (a shared link's preview card). */
  postMeta?: PostMetaSource;
  /** The published blog stories, for `/sitemap.xml`. */
  sitemap?: SitemapSource;
  /** The site's public origin, for og:url, robots.txt and the sitemap. */
  publicOrigin?: string;
  /**
   * A Google Maps browser key, written into every page as `<meta name="saathi-maps-key">`: one
   * build serves every deployment, and the picker knows without a request whether to load a map.
   */
  mapsBrowserKey?: string;
}

/** The name of the meta tag carrying the Maps key (web/src/lib/maps-key.ts reads it). */
export const MAPS_KEY_META = 'saathi-maps-key';

interface Encoded {
  raw: string;
  br: Buffer;
  gzip: Buffer;
}

function encodeAll(text: string): Encoded {
  return { raw: text, br: brotliCompressSync(text), gzip: gzipSync(text) };
}

/**
 * A page is compressed for its one response, since its CSP nonces are new each time: brotli at
 * quality 5 takes about 1 ms for the 42 KB page (quality 11, for files made ahead, takes about
 * 100 ms) and gives 8.9 KB against 8.1.
 */
function encodeOnce(text: string, encoding: 'br' | 'gzip' | null): string | Buffer {
  if (encoding === 'br')
    return brotliCompressSync(text, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } });
  if (encoding === 'gzip') return gzipSync(text);
  return text;
}

/**
 * The page as this response sends it: its own inline elements (the build's one `<style>`, the
 * boot `<script>`) carry the nonces of this response's CSP. Neither tag can come from anyone's
 * text: the pre-rendered markup escapes every `<`.
 */
function withNonces(html: string, nonces: CspNonces): string {
  return html
    .replaceAll('<style>', `<style nonce="${nonces.style}">`)
    .replaceAll('<script>', `<script nonce="${nonces.script}">`);
}

/** The best encoding the client accepts, of the ones made ahead. */
function pickEncoding(request: FastifyRequest): 'br' | 'gzip' | null {
  const accepted = request.headers['accept-encoding'] ?? '';
  if (/\bbr\b/.test(accepted)) return 'br';
  if (/\bgzip\b/.test(accepted)) return 'gzip';
  return null;
}

/** Home's HTML holds the screen the visitor's cookie names (route-prerender.ts). */
const PERSONAL = { cacheControl: 'private, no-cache', vary: 'accept-encoding, cookie, sec-fetch-mode' };
const SHARED = { cacheControl: 'no-cache', vary: 'accept-encoding' };

/** Sends `bodyIn(encoding)` in the best encoding the client accepts, with its caching headers. */
function sendIn(
  request: FastifyRequest,
  reply: FastifyReply,
  type: string,
  caching: typeof SHARED,
  bodyIn: (encoding: 'br' | 'gzip' | null) => string | Buffer,
) {
  const encoding = pickEncoding(request);
  void reply.header('cache-control', caching.cacheControl).header('vary', caching.vary).type(type);
  if (encoding) void reply.header('content-encoding', encoding);
  return reply.send(bodyIn(encoding));
}

/** A body compressed ahead (robots.txt, the sitemap). */
function sendEncoded(request: FastifyRequest, reply: FastifyReply, body: Encoded, type: string) {
  return sendIn(request, reply, type, SHARED, (encoding) => (encoding ? body[encoding] : body.raw));
}

/** A page, with this response's CSP nonces, compressed for it alone. */
function sendPage(request: FastifyRequest, reply: FastifyReply, html: string, caching = SHARED) {
  return sendIn(request, reply, 'text/html; charset=utf-8', caching, (encoding) =>
    encodeOnce(withNonces(html, cspNoncesOf(reply)), encoding),
  );
}

/**
 * Serves the built web app. Any other GET outside `/api` returns index.html so the web
 * app's router (and its 404 screen) decides; an unknown `/api/*` path stays a JSON 404.
 * Built files go out precompressed (the build writes .br and .gz beside them); index.html
 * names the requested screen's chunks so they load in parallel with the main script, and holds
 * the screen's above-the-fold markup where it has some (route-prerender.ts).
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
      preCompressed: true,
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

  const origin = new URL(options.publicOrigin ?? 'http://localhost:3000').origin;
  // Read once, at start: the built file does not change while the process runs, and the
  // preloads' format depends on it.
  const builtIndex = root && hasIndex ? await readFile(path.join(root, 'index.html'), 'utf8') : '';
  const preloads =
    root && hasIndex ? loadRoutePreloads(root, bootsAfterPaint(builtIndex)) : { tagsFor: () => '' };
  // The key's characters are checked at config (letters, digits, - and _): nothing to escape.
  const indexHtml = options.mapsBrowserKey
    ? builtIndex.replace(
        '</head>',
        `<meta name="${MAPS_KEY_META}" content="${options.mapsBrowserKey}"></head>`,
      )
    : builtIndex;
  const pageFor = (pathname: string, tags: string, visitor: PrerenderRequest): string =>
    withPrerenderedMain(indexHtml.replace('</head>', `${tags}</head>`), pathname, visitor);

  const robots = encodeAll(
    [
      '# Public pages are open to crawlers; the API and personal screens are not for indexing.',
      'User-agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /messages',
      '',
      `Sitemap: ${origin}/sitemap.xml`,
      '',
    ].join('\n'),
  );
  app.get('/robots.txt', (request, reply) =>
    sendEncoded(request, reply, robots, 'text/plain; charset=utf-8'),
  );

  app.get('/sitemap.xml', async (request, reply) => {
    const stories = (await options.sitemap?.stories()) ?? [];
    return sendEncoded(
      request,
      reply,
      encodeAll(renderSitemap(origin, stories)),
      'application/xml; charset=utf-8',
    );
  });

  app.get('/*', { config: { accessLog: true } }, async (request, reply) => {
    const pathname = request.url.split('?', 1)[0] ?? '/';
    if (pathname === '/api' || pathname.startsWith('/api/') || !hasIndex) {
      return reply.code(404).type('application/json; charset=utf-8').send({ message: 'Not Found' });
    }
    const tags = preloads.tagsFor(pathname);
    const slug = options.blogMeta ? blogSlugOfPath(pathname) : null;
    const meta = slug ? await options.blogMeta?.lookup(slug) : null;
    if (slug && meta) {
      const html = withBlogMeta(indexHtml, meta, `${origin}/blog/${slug}`).replace(
        '</head>',
        `${tags}</head>`,
      );
      return sendPage(request, reply, html);
    }
    const postId = options.postMeta ? postIdOfPath(pathname) : null;
    const post = postId ? await options.postMeta?.lookup(postId) : null;
    if (post) {
      return sendPage(
        request,
        reply,
        withPostMeta(indexHtml, post, origin).replace('</head>', `${tags}</head>`),
      );
    }
    const visitor = { cookie: request.headers.cookie, fetchMode: header(request, 'sec-fetch-mode') };
    return sendPage(
      request,
      reply,
      pageFor(pathname, tags, visitor),
      variesByVisitor(pathname) ? PERSONAL : SHARED,
    );
  });
}
