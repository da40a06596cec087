import { ACCESS_COOKIE } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';

/** The access token from a handshake's Cookie header (the browser sends the site's cookies). */
export function accessTokenOf(cookieHeader: string | undefined): string | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0) continue;
    if (part.slice(0, separator).trim() !== ACCESS_COOKIE) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/**
 * The handshake's user, as the platform's auth plugin would decide for a request: a valid token
 * whose session identity has not revoked (its expiry, `tokenExpiresAtMs`, also ends the socket).
 * Null refuses the connection.
 */
export function handshakeUser(
  cookieHeader: string | undefined,
  verify: (token: string) => AuthUser | null,
  revoked: { has(sessionId: string): boolean },
): AuthUser | null {
  const token = accessTokenOf(cookieHeader);
  const user = token ? verify(token) : null;
  return user && !revoked.has(user.sessionId) ? user : null;
}
