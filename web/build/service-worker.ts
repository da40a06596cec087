import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

// The worker, as plain JavaScript. Rules:
// - the app shell (`/`) and every built file are cached at install, so the app opens offline;
// - /api and /socket.io are never touched: answers with private data never enter a cache;
// - a page navigation goes to the network first (fresh HTML after a deploy) and falls back to
//   the cached shell; hashed assets come from the cache first (they never change);
// - a new version takes over at once and drops the old cache; the page reloads itself on
//   that change (see src/pwa/register-service-worker.ts), so no tab runs a mix of versions.
const WORKER_SOURCE = `
const CACHE = 'saathi-__VERSION__';
const PRECACHE = __FILES__;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches.open(CACHE).then((cache) => cache.addAll(PRECACHE)).then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((key) => key !== CACHE).map((key) => caches.delete(key))))
      .then(() => self.clients.claim()),
  );
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/api/') || url.pathname.startsWith('/socket.io')) return;
  if (request.mode === 'navigate') {
    event.respondWith(fetch(request).catch(() => caches.match('/', { cacheName: CACHE })));
    return;
  }
  event.respondWith(caches.match(request, { cacheName: CACHE }).then((hit) => hit || fetch(request)));
});
`;

/** Emits `sw.js` listing the build's files; its cache name changes whenever any file does. */
export function serviceWorker(): Plugin {
  return {
    name: 'saathi-service-worker',
    apply: 'build',
    // After Vite has written index.html (and inline-css.ts has inlined the stylesheet),
    // so the list names exactly the files that exist.
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => !name.endsWith('.html') && !name.startsWith('.vite/'))
        .map((name) => `/${name}`)
        .sort();
      const precache = ['/', ...files, '/manifest.webmanifest', '/icons/icon-192.png'];
      const version = createHash('sha256')
        .update(
          Object.values(bundle)
            .map((item) => item.fileName + ('code' in item ? item.code : String(item.source)))
            .join('\n'),
        )
        .digest('hex')
        .slice(0, 12);
      this.emitFile({
        type: 'asset',
        fileName: 'sw.js',
        source: WORKER_SOURCE.replace('__VERSION__', version).replace('__FILES__', JSON.stringify(precache)),
      });
    },
  };
}
