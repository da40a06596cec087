import { generateKeyPairSync } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { z } from 'zod';

/**
 * Access tokens are signed by identity with an ECDSA P-256 private key (ES256) and verified
 * by every service with the public key. The algorithm is pinned on both sides so a token
 * cannot choose its own (no `none`, no HS256 with the public key as secret).
 */
export const ACCESS_TOKEN_ALGORITHM = 'ES256' as const;

export const accessTokenClaimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string().min(1),
  role: z.enum(['user', 'admin']),
  sid: z.string().min(1),
});
export type AccessTokenClaims = z.infer<typeof accessTokenClaimsSchema>;

export interface AuthUser {
  id: string;
  username: string;
  role: 'user' | 'admin';
  sessionId: string;
}

export type AccessTokenVerifier = (token: string) => AuthUser | null;

/** Returns the user of a valid, unexpired ES256 token, or null for anything else. */
export function createAccessTokenVerifier(publicKeyPem: string): AccessTokenVerifier {
  return (token) => {
    let payload: unknown;
    try {
      payload = jwt.verify(token, publicKeyPem, { algorithms: [ACCESS_TOKEN_ALGORITHM] });
    } catch {
      return null;
    }
    const claims = accessTokenClaimsSchema.safeParse(payload);
    if (!claims.success) return null;
    return { id: claims.data.sub, username: claims.data.username, role: claims.data.role, sessionId: claims.data.sid };
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
