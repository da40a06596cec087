// No zod here: the web's page-view tracker imports this on every screen's first load.

/**
 * The app's screens as route templates: what a page view records (`/profile/:userId`, never
 * the id). The web router's paths must be among them (a web test checks); anything else is `*`.
 */
export const PAGE_ROUTES = [
  '/',
  '/home',
  '/auth',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/profile',
  '/profile/:userId',
  '/messages',
  '/blog',
  '/blog/:slug',
  '/post/:id',
  '/admin/page-views',
  '/admin/moderation',
  '*',
] as const;
export type PageRoute = (typeof PAGE_ROUTES)[number];
