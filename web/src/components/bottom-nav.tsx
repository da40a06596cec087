import { NavLink } from 'react-router-dom';
import { Home, MessageCircle, User, UsersRound } from 'lucide-react';
import clsx from 'clsx';
import { useCurrentUser } from '../api/use-current-user';
import { useUnreadMessages } from '../api/use-conversations';
import { UnreadBadge } from './unread-badge';

const items = [
  { to: '/home', label: 'Home', icon: Home },
  { to: '/circles', label: 'Circles', icon: UsersRound },
  { to: '/messages', label: 'Messages', icon: MessageCircle },
  { to: '/profile', label: 'Profile', icon: User },
] as const;

/** Mobile bottom navigation, shown only to signed-in users. */
export function BottomNav() {
  const { isAuthenticated } = useCurrentUser();
  const unreadMessages = useUnreadMessages(isAuthenticated);
  return (
    <nav
      aria-label="Bottom navigation"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              className={({ isActive }) =>
                clsx(
                  'relative flex flex-col items-center gap-0.5 py-2 text-xs font-medium focus-visible:ring-2 focus-visible:ring-teal-600 focus-visible:outline-none focus-visible:ring-inset',
                  isActive ? 'text-teal-800' : 'text-slate-600',
                )
              }
            >
              <Icon className="h-5 w-5" aria-hidden="true" />
              {label}
              {/* After the label, so the link reads "Messages, 3 unread"; drawn on the icon. */}
              {to === '/messages' ? (
                <UnreadBadge count={unreadMessages.data} className="absolute top-0.5 left-1/2 ml-1" />
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
