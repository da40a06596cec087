import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient } from './api/query-client';
import { App, loadFirstScreen } from './app';
import { shareStyleNonce } from './lib/csp-nonce';
import { syncHomeScreenCookie } from './lib/use-stored-location';
import { OfflineNotice } from './pwa/offline-notice';
import { registerServiceWorker } from './pwa/register-service-worker';
import './index.css';

// Before anything can open a dialog: its scroll lock adds a <style> the CSP admits by nonce only.
shareStyleNonce();
const queryClient = createQueryClient();
const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

// A transition: React renders the first screen in slices of a few milliseconds instead of one
// long task, so a slow phone's main thread stays free for input meanwhile. The static header
// of index.html (and the screen's pre-rendered markup the gateway adds) stays on screen until
// the first commit replaces it; that render waits for the screen's chunk (and, a short while at
// most, its data), so it commits the screen itself and never a spinner in place of the
// pre-rendered markup.
const reactRoot = createRoot(root);
// The gateway draws home's first screen from a cookie this keeps in line with the stored location.
syncHomeScreenCookie();
void loadFirstScreen(window.location.pathname, queryClient).then(() =>
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <OfflineNotice />
            <App />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    );
  }),
);

registerServiceWorker();
