/** The services behind the gateway. */
export const UPSTREAMS = ['identity', 'feed', 'messaging', 'blog', 'notification'] as const;
export type UpstreamName = (typeof UPSTREAMS)[number];
/** Base URL of each service; several replicas may be listed comma-separated. */
export type Upstreams = Record<UpstreamName, string>;

/**
 * Path prefixes each service owns (ARCHITECTURE "Shape"). A prefix covers itself and
 * everything below it (`/api/posts` → `/api/posts`, `/api/posts/…`). Paths reach the service
 * unchanged. `/socket.io` is proxied separately, with websocket upgrades.
 */
export const ROUTE_TABLE: Record<UpstreamName, readonly string[]> = {
  identity: ['/api/auth', '/api/login', '/api/users', '/api/profile', '/api/upload'],
  feed: ['/api/posts', '/api/comments', '/api/daily-question', '/api/admin'],
  messaging: ['/api/conversations', '/api/messages'],
  blog: ['/api/blog'],
  notification: ['/api/feedback', '/api/notifications'],
};

export const SOCKET_IO_PATH = '/socket.io';

/** Sign-in, registration and password-reset requests: tightly rate limited per IP. */
export const SENSITIVE_AUTH_ROUTES = [
  '/api/auth/login',
  '/api/auth/register',
  '/api/auth/forgot-password',
] as const;
