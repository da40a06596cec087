import { lazy } from 'react';
import type { ComponentType } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { Route, Routes } from 'react-router-dom';
import { SCREENS, screenPathOf } from '@saathi/contracts';
import { AppShell } from './components/app-shell';

/**
 * A screen's module: its page, and what its first render shows fetched into the query cache
 * ahead of that render (optional; home has it).
 */
interface PageModule {
  default: ComponentType;
  loadFirstData?: (client: QueryClient) => Promise<void>;
}

// Every screen is its own chunk so the first screen's JavaScript stays small. The table of
// screens (path → page) is shared with the gateway's preloads and page views.
const pageModules = import.meta.glob<PageModule>('./pages/*-page.tsx');

/**
 * How long the first render waits for the first screen's data. Meanwhile the HTML's own copy of
 * the screen stays up; past this (a slow or absent network) React draws its loading states.
 */
const FIRST_DATA_WAIT_MS = 1000;
const lazyPages = new Map<string, ComponentType>();
const loadedPages = new Map<string, PageModule>();

/** One lazy component per page, shared by its paths (`/` and `/home` keep the same screen mounted). */
function lazyPage(page: string): ComponentType {
  let Page = lazyPages.get(page);
  if (!Page) {
    const load = pageModules[`./pages/${page}.tsx`];
    if (!load) throw new Error(`no web/src/pages/${page}.tsx for a screen in SCREENS`);
    // A page loaded ahead (loadFirstScreen) is handed over synchronously: React.lazy resolves a
    // thenable that calls back at once without suspending, so the first commit shows the page
    // itself, not the Suspense spinner in place of the markup the HTML was served with.
    Page = lazy(() => {
      const loaded = loadedPages.get(page);
      return loaded
        ? ({ then: (resolve: (module: PageModule) => void) => resolve(loaded) } as Promise<PageModule>)
        : load();
    });
    lazyPages.set(page, Page);
  }
  return Page;
}

/**
 * Loads the page shown at `pathname` (the gateway preloads its chunks with the HTML) and the
 * data its first render shows, so the first render can draw it at once, data and all: one
 * render instead of loading states and then the whole screen again when the answers arrive.
 * The data gets FIRST_DATA_WAIT_MS at most. Never rejects: a failed load is left to the lazy
 * page, a failed fetch to the screen's own queries.
 */
export async function loadFirstScreen(pathname: string, client: QueryClient): Promise<void> {
  const page = SCREENS.find(({ path }) => path === screenPathOf(pathname))?.page;
  const load = page ? pageModules[`./pages/${page}.tsx`] : undefined;
  if (!page || !load) return;
  let module: PageModule;
  try {
    module = await load();
    loadedPages.set(page, module);
  } catch {
    // The lazy page retries the import and its error reaches the usual handling (a reload).
    return;
  }
  if (!module.loadFirstData || !navigator.onLine) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  await Promise.race([
    module.loadFirstData(client).catch(() => undefined),
    new Promise((resolve) => (timer = setTimeout(resolve, FIRST_DATA_WAIT_MS))),
  ]);
  clearTimeout(timer);
}

const ROUTES = SCREENS.map(({ path, page }) => ({ path, Page: lazyPage(page) }));

export function App() {
  return (
    <AppShell>
      <Routes>
        {ROUTES.map(({ path, Page }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
      </Routes>
    </AppShell>
  );
}
