import { Suspense, lazy } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { MessageCircle, UsersRound } from 'lucide-react';
import { useCurrentUser } from '../api/use-current-user';
import { useUnreadMessages } from '../api/use-conversations';
import { LocationChip } from './location-chip';
import { buttonGhost, buttonPrimary } from './ui';
import { UnreadBadge } from './unread-badge';
import { UserAvatar } from './user-avatar';

// The dropdown (and its positioning engine) loads only for signed-in visitors.
const UserMenu = lazy(() => import('./user-menu'));
const NotificationBell = lazy(() => import('./notification-bell'));

export function Header({ onFeedback }: { onFeedback: () => void }) {
  const { user, isLoading } = useCurrentUser();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const unreadMessages = useUnreadMessages(!!user);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/90 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4">
        <Link
          to="/home"
          className="tap-target relative flex shrink-0 items-center gap-2 rounded-md text-lg font-bold tracking-tight text-teal-800 focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none"
        >
          <span
            aria-hidden="true"
            className="flex h-8 w-8 items-center justify-center rounded-lg bg-teal-700 text-base text-white"
          >
            S
          </span>
          Saathi
        </Link>
        <div className="flex min-w-0 items-center gap-2">
          <LocationChip />
          {isLoading ? null : (
            // Signed in, phones reach Circles from the bottom navigation instead (max-md:hidden:
            // a plain `hidden` loses to buttonGhost's inline-flex, later in the stylesheet).
            <Link
              to="/circles"
              className={`${buttonGhost} tap-target relative ${user ? 'max-md:hidden' : ''}`}
            >
              <UsersRound className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Circles</span>
            </Link>
          )}
          {isLoading ? null : (
            // Signed in, phones reach Messages from the bottom navigation instead.
            <Link
              to="/messages"
              className={`${buttonGhost} tap-target relative ${user ? 'hidden md:inline-flex' : ''}`}
            >
              <MessageCircle className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only sm:not-sr-only">Messages</span>
              {user ? <UnreadBadge count={unreadMessages.data} /> : null}
            </Link>
          )}
          {isLoading ? null : user ? (
            <>
              <Suspense fallback={<span className="h-9 w-9" />}>
                <NotificationBell />
              </Suspense>
              <Suspense
                fallback={
                  <UserAvatar
                    name={user.firstName?.trim() || user.username}
                    imageUrl={user.profileImageUrl}
                  />
                }
              >
                <UserMenu user={user} onFeedback={onFeedback} />
              </Suspense>
            </>
          ) : pathname === '/auth' ? null : (
            <button
              type="button"
              className={`${buttonPrimary} py-2 whitespace-nowrap`}
              onClick={() => void navigate('/auth')}
            >
              Sign In
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
