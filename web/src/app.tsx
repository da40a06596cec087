import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { SCREENS } from '@saathi/contracts';
import { AppShell } from './components/app-shell';

// Every screen is its own chunk so the first screen's JavaScript stays small. The table of
// screens (path → page) is shared with the gateway's preloads and page views.
const pageModules = import.meta.glob<{ default: ComponentType }>('./pages/*-page.tsx');

const lazyPages = new Map<string, ComponentType>();

/** One lazy component per page, shared by its paths (`/` and `/home` keep the same screen mounted). */
function lazyPage(page: string): ComponentType {
  let Page = lazyPages.get(page);
  if (!Page) {
    const load = pageModules[`./pages/${page}.tsx`];
    if (!load) throw new Error(`no web/src/pages/${page}.tsx for a screen in SCREENS`);
    Page = lazy(load);
    lazyPages.set(page, Page);
  }
  return Page;
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
