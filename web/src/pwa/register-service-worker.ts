// Installs /sw.js (built by build/service-worker.ts) once the first screen has settled. Its
// install fetches every chunk of the app (~70 files) into the cache: started at `load`, that
// download ran beside the first screen's API calls and render, on the phone's link and CPU
// alike (load-tests/RESULTS.md, "The first screen without company").

/** After `load`, how long the page is left alone before the worker installs. */
const INSTALL_AFTER_LOAD_MS = 3_000;

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
  const registerWhenIdle = () => {
    window.setTimeout(() => {
      if ('requestIdleCallback' in window) window.requestIdleCallback(register, { timeout: 5_000 });
      else register();
    }, INSTALL_AFTER_LOAD_MS);
  };
  if (document.readyState === 'complete') registerWhenIdle();
  else window.addEventListener('load', registerWhenIdle, { once: true });
}
