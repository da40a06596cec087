import { Suspense, lazy, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useCurrentUser } from '../api/use-current-user';
import { getToasts, subscribeToasts } from '../lib/toast-store';
import { pushOffer, subscribePushOffer } from '../pwa/push-offer';
import { usePushOwner } from '../pwa/use-push-owner';
import { useAuthSync } from '../lib/use-auth-sync';
import { BottomNav } from './bottom-nav';
import { Header } from './header';
import { PageViewTracker } from './page-view-tracker';
import { SocketProvider } from '../realtime/socket-provider';
import { Spinner } from './spinner';
import { VerifyEmailBanner } from './verify-email-banner';

const FeedbackDialog = lazy(() => import('./feedback-dialog'));
// Radix's toast library is ~5 KB of brotli that no first screen shows: it loads with the first toast.
const Toaster = lazy(() => import('./toaster').then(({ Toaster }) => ({ default: Toaster })));

// The notifications prompt loads with its first offer (after a first message, a new activity or a
// request to join one), never with the first screen.
const PushPrompt = lazy(() => import('../pwa/push-prompt'));

function LazyPushPrompt() {
  const offered = useSyncExternalStore(subscribePushOffer, () => pushOffer() !== null);
  return offered ? (
    <Suspense fallback={null}>
      <PushPrompt />
    </Suspense>
  ) : null;
}

/** Mounts the toast viewport once there has been a toast, and keeps it mounted from then on. */
function LazyToaster() {
  const hasToasts = useSyncExternalStore(subscribeToasts, () => getToasts().length > 0);
  const [needed, setNeeded] = useState(false);
  if (hasToasts && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}

/** Header, page content, bottom navigation (signed in only) and the toast viewport. */
export function AppShell({ children }: { children: ReactNode }) {
  const { user, isAuthenticated } = useCurrentUser();
  // A sign-out in another tab (or a session the server ended) clears this one too.
  useAuthSync();
  usePushOwner(isAuthenticated ? user?.id : undefined);
  const [feedbackOpen, setFeedbackOpen] = useState(false);

  return (
    <SocketProvider>
      <div className="flex min-h-dvh flex-col bg-slate-50 text-slate-900">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-medium text-teal-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        <Header onFeedback={() => setFeedbackOpen(true)} />
        <VerifyEmailBanner />
        {isAuthenticated ? <LazyPushPrompt /> : null}
        <main id="main" className={isAuthenticated ? 'flex-1 pb-20 md:pb-8' : 'flex-1 pb-8'}>
          <Suspense fallback={<Spinner />}>{children}</Suspense>
        </main>
        {isAuthenticated ? <BottomNav /> : null}
        {feedbackOpen ? (
          <Suspense fallback={null}>
            <FeedbackDialog open={feedbackOpen} onOpenChange={setFeedbackOpen} />
          </Suspense>
        ) : null}
        <LazyToaster />
        <PageViewTracker />
      </div>
    </SocketProvider>
  );
}
