import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SCREENS, screenPathOf } from '@saathi/contracts';
import { AppShell } from './components/app-shell';

// Every screen is its own chunk so the first screen's JavaScript stays small. The table of
// screens (path → page) is shared with the gateway's preloads and page views.
const pageModules = import.meta.glob<{ default: ComponentType }>('./pages/*-page.tsx');

type PageModule = { default: ComponentType };
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
 * Loads the page shown at `pathname` (the gateway preloads its chunks with the HTML), so the
 * first render can draw it at once. Never rejects: a failed load is left to the lazy page.
 */
export async function loadFirstScreen(pathname: string): Promise<void> {
  const page = SCREENS.find(({ path }) => path === screenPathOf(pathname))?.page;
  const load = page ? pageModules[`./pages/${page}.tsx`] : undefined;
  if (!page || !load) return;
  try {
    loadedPages.set(page, await load());
  } catch {
    // The lazy page retries the import and its error reaches the usual handling (a reload).
  }
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
