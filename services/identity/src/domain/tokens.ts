import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** 256 bits from the CSPRNG, base64url — reset tokens and refresh-token secrets. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** Tokens are stored only as their SHA-256, so a database leak does not hand out live tokens. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}

/**
 * A refresh token is `<sessionId>.<secret>`: the id finds the session row, the secret's hash
 * must equal the row's current hash. A correct id with an outdated secret means an old token
 * was replayed (it can only come from a copy of the cookie), so the session is revoked.
 */
export interface RefreshToken {
  sessionId: string;
  secret: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function formatRefreshToken(token: RefreshToken): string {
  return `${token.sessionId}.${token.secret}`;
}

export function parseRefreshToken(value: string | undefined): RefreshToken | null {
  if (!value) return null;
  const dot = value.indexOf('.');
  if (dot <= 0) return null;
  const sessionId = value.slice(0, dot);
  const secret = value.slice(dot + 1);
  if (!UUID.test(sessionId) || !/^[A-Za-z0-9_-]{20,}$/.test(secret)) return null;
  return { sessionId, secret };
}
