// Installs /sw.js (built by build/service-worker.ts) after the page has loaded, so it never
// competes with the first screen for bandwidth.

let reloading = false;

function reloadOnce(): void {
  if (reloading) return;
  reloading = true;
  window.location.reload();
}

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  // A page served by an older worker: once a new one takes over, old chunks may be gone,
  // so start again on the new version rather than run a mix of both.
  const hadController = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (hadController) reloadOnce();
  });
  // A chunk of a version no longer deployed: the fresh HTML names the current ones.
  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    if (navigator.onLine) reloadOnce();
  });
  const register = () => {
    navigator.serviceWorker.register('/sw.js').catch(() => {
      // No worker (private mode, blocked): the app works without offline support.
    });
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
