// No zod here: the web's first load, the gateway's HTML preloads and page views all read this.

/**
 * The web app's screens, once: the router renders `web/src/pages/<page>.tsx` at `path`, the
 * gateway names that page's chunks in the HTML it serves for a matching URL, and a page view
 * records the template (`/profile/:userId`, never the id). `*` is the not-found screen.
 */
export const SCREENS = [
  { path: '/', page: 'home-page' },
  { path: '/home', page: 'home-page' },
  { path: '/auth', page: 'auth-page' },
  { path: '/forgot-password', page: 'forgot-password-page' },
  { path: '/reset-password', page: 'reset-password-page' },
  { path: '/verify-email', page: 'verify-email-page' },
  { path: '/profile', page: 'profile-page' },
  { path: '/profile/:userId', page: 'profile-page' },
  { path: '/messages', page: 'messages-page' },
  { path: '/blog', page: 'blog-page' },
  { path: '/blog/:slug', page: 'blog-post-page' },
  { path: '/post/:id', page: 'post-page' },
  { path: '/circles', page: 'circles-page' },
  { path: '/circles/:id', page: 'circle-page' },
  { path: '/admin/moderation', page: 'admin-moderation-page' },
  { path: '/admin/page-views', page: 'admin-page-views-page' },
  { path: '*', page: 'not-found-page' },
] as const;

export type Screen = (typeof SCREENS)[number];
export type ScreenPath = Screen['path'];

/** A URL path → its screen's template; anything unknown is `*`. */
export function screenPathOf(pathname: string): ScreenPath {
  const segments = pathname.split('/').filter(Boolean);
  const found = SCREENS.find(({ path }) => {
    if (path === '*') return false;
    const template = path.split('/').filter(Boolean);
    return (
      template.length === segments.length &&
      // Case-insensitive, as the router matches paths.
      template.every((part, i) => part.startsWith(':') || part.toLowerCase() === segments[i]?.toLowerCase())
    );
  });
  return found?.path ?? '*';
}
