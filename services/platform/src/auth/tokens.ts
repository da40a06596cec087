import { roleSchema } from '@saathi/contracts';
import type { Role } from '@saathi/contracts';
import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';

/**
 * Access tokens are signed by identity with an ECDSA P-256 private key (ES256) and verified
 * by every service with the public key. The algorithm is pinned on both sides so a token
 * cannot choose its own (no `none`, no HS256 with the public key as secret).
 */
export const ACCESS_TOKEN_ALGORITHM = 'ES256' as const;

/**
 * Who issues access tokens, for whom, and what they are (`typ` as in RFC 9068). Every
 * verification requires all three and an `exp`, so a JWT that identity signs with the same key
 * for another purpose (a signed value such as the Google flow cookie: its own `typ` and
 * audience) never passes as an access token, nor an access token as such a value.
 */
export const ACCESS_TOKEN_ISSUER = 'saathi-identity';
export const ACCESS_TOKEN_AUDIENCE = 'saathi-api';
export const ACCESS_TOKEN_TYPE = 'at+jwt';

export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string().min(1),
  role: roleSchema,
  sid: z.string().min(1),
  /** The account's email address was verified when the token was signed (absent: not). */
  ev: z.boolean().optional(),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export interface AuthUser {
  id: string;
  username: string;
  role: Role;
  sessionId: string;
  /**
   * Whether the account's address was verified when its access token was signed (at most the
   * token's lifetime behind). Weighs what an account that proved nothing may do, e.g. reports.
   */
  emailVerified?: boolean;
  /** When the access token this user was read from expires (ms); a verified token always has it. */
  tokenExpiresAtMs?: number;
}

export type AccessTokenVerifier = (token: string) => AuthUser | null;

/** Signs an access token with issuer, audience, type and expiry (identity, and tests that need a token). */
export function signAccessToken(
  privateKey: string | KeyObject,
  claims: AccessTokenClaims,
  { ttlSeconds, nowSeconds = Math.floor(Date.now() / 1000) }: { ttlSeconds: number; nowSeconds?: number },
): string {
  const { sub, ...rest } = claims;
  return jwt.sign({ ...rest, iat: nowSeconds, exp: nowSeconds + ttlSeconds }, privateKey, {
    algorithm: ACCESS_TOKEN_ALGORITHM,
    header: { alg: ACCESS_TOKEN_ALGORITHM, typ: ACCESS_TOKEN_TYPE },
    subject: sub,
    issuer: ACCESS_TOKEN_ISSUER,
    audience: ACCESS_TOKEN_AUDIENCE,
  });
}

export interface VerifierOptions {
  /** Verified tokens remembered until they expire (default 10 000). 0 disables the cache. */
  cacheSize?: number;
  /** Clock (ms) for every expiry check, fresh or cached; tests inject one. */
  now?: () => number;
}

/**
 * Returns the user of a valid, unexpired ES256 token, or null for anything else.
 *
 * An ES256 verification costs ~200 µs of CPU — several times the gateway's whole per-request
 * cost — and a browser sends the same access token with every request for its lifetime. So
 * the key is parsed once, and a verified token is remembered (by its exact string, bounded,
 * oldest first out) until its own `exp`; anything not remembered is fully verified.
 */
export function createAccessTokenVerifier(
  publicKeyPem: string,
  options: VerifierOptions = {},
): AccessTokenVerifier {
  const publicKey = createPublicKey(publicKeyPem);
  const cacheSize = options.cacheSize ?? 10_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, AuthUser>();

  return (token) => {
    const cached = cache.get(token);
    if (cached) {
      if ((cached.tokenExpiresAtMs ?? 0) > now()) return cached;
      cache.delete(token);
      return null;
    }
    let payload: unknown;
    try {
      const decoded = jwt.verify(token, publicKey, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience: ACCESS_TOKEN_AUDIENCE,
        clockTimestamp: Math.floor(now() / 1000),
        complete: true,
      });
      if (decoded.header.typ !== ACCESS_TOKEN_TYPE) return null;
      payload = decoded.payload;
    } catch {
      return null;
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) return null;
    // jsonwebtoken checks `exp` only when present; a token that never expires is refused here.
    const exp = (payload as { exp?: unknown }).exp;
    if (typeof exp !== 'number') return null;
    const user: AuthUser = {
      id: claims.data.sub,
      username: claims.data.username,
      role: claims.data.role,
      sessionId: claims.data.sid,
      emailVerified: claims.data.ev === true,
      tokenExpiresAtMs: exp * 1000,
    };
    if (cacheSize > 0) {
      const oldest = cache.size >= cacheSize ? cache.keys().next().value : undefined;
      if (oldest !== undefined) cache.delete(oldest);
      cache.set(token, user);
    }
    return user;
  };
}

/** A fresh ES256 key pair as PEM (SPKI public, PKCS#8 private) — for tests and embedded mode. */
export function generateKeyPair(): { publicKey: string; privateKey: string } {
  return generateKeyPairSync('ec', {
    namedCurve: 'prime256v1',
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
}
