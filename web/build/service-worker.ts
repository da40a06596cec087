import { createHash } from 'node:crypto';
import type { Plugin } from 'vite';

// Web Push, as plain JavaScript (issue 30). A push carries `{ title, body, url, tag }` and never
// message text or a place (docs/notifications.md). Rules:
// - a push always shows a notification (the subscription promised userVisibleOnly): a payload
//   that is not that JSON shows a generic one rather than throwing, which would show Chrome's own
//   "This site has been updated in the background";
// - the tag is the thread's, so a newer push of one conversation replaces the older notification;
// - only a path of this origin is opened; anything else opens the home screen;
// - a tap focuses an open Saathi window and navigates it there, else opens a new one. Focus is
//   asked first: the browser allows it only while the tap is being handled.
// Kept apart from the caching rules so service-worker.test.ts can run exactly this text.
export const PUSH_SOURCE = `
const GENERIC_NOTICE = { title: 'Saathi', body: 'You have a new notification on Saathi', url: '/', tag: 'saathi' };

function pushTarget(url) {
  if (typeof url !== 'string' || !url.startsWith('/') || url.startsWith('//')) return '/';
  try {
    const target = new URL(url, self.location.origin);
    return target.origin === self.location.origin ? target.pathname + target.search + target.hash : '/';
  } catch {
    return '/';
  }
}

function readPush(data) {
  let payload = null;
  try {
    payload = data ? data.json() : null;
  } catch {
    payload = null;
  }
  if (!payload || typeof payload !== 'object' || typeof payload.title !== 'string' || !payload.title.trim())
    return GENERIC_NOTICE;
  const text = (value, fallback) => (typeof value === 'string' && value.trim() ? value : fallback);
  return {
    title: payload.title,
    body: text(payload.body, ''),
    url: pushTarget(payload.url),
    tag: text(payload.tag, GENERIC_NOTICE.tag),
  };
}

self.addEventListener('push', (event) => {
  const notice = readPush(event.data);
  event.waitUntil(
    self.registration
      .showNotification(notice.title, {
        body: notice.body,
        tag: notice.tag,
        renotify: true,
        data: { url: notice.url },
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
      })
      .catch(() => undefined),
  );
});

async function openFromNotification(url) {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const ours = windows
    .filter((client) => new URL(client.url).origin === self.location.origin)
    .sort((a, b) => Number(b.focused) - Number(a.focused));
  for (const client of ours) {
    await client.focus().catch(() => undefined);
    // navigate() works on a window this worker controls; null or a refusal: try the next one.
    const navigated = await client.navigate(url).catch(() => null);
    if (navigated) return;
  }
  await self.clients.openWindow(url);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const data = event.notification.data;
  const url = pushTarget(data && typeof data === 'object' ? data.url : null);
  event.waitUntil(openFromNotification(url).catch(() => undefined));
});
`;

// The worker, as plain JavaScript. Rules:
// - the app shell (`/`) and every built file are cached at install, so the app opens offline;
// - /api and /socket.io are never touched: answers with private data never enter a cache;
// - a page navigation goes to the network first (fresh HTML after a deploy) and falls back to
//   the cached shell; hashed assets come from the cache first (they never change);
// - a new version takes over at once and drops the old cache; the page reloads itself on
//   that change (see src/pwa/register-service-worker.ts), so no tab runs a mix of versions.
const WORKER_SOURCE =
  `
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
` + PUSH_SOURCE;

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
