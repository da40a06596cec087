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
 * whose session identity has not revoked, and when that token expires (the socket must not
 * outlive it). Null refuses the connection.
 */
export function handshakeUser(
  cookieHeader: string | undefined,
  verify: (token: string) => AuthUser | null,
  revoked: { has(sessionId: string): boolean },
): { user: AuthUser; expiresAtMs: number } | null {
  const token = accessTokenOf(cookieHeader);
  const user = token ? verify(token) : null;
  if (!token || !user || revoked.has(user.sessionId)) return null;
  const expiresAtMs = expiryOf(token);
  return expiresAtMs === null ? null : { user, expiresAtMs };
}

/** A verified token's `exp` in ms (the verifier refuses a token without one). */
function expiryOf(token: string): number | null {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
      exp?: unknown;
    };
    return typeof payload.exp === 'number' ? payload.exp * 1000 : null;
  } catch {
    return null;
  }
}
