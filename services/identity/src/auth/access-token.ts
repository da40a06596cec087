import { createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_ISSUER,
  createAccessTokenVerifier,
  signAccessToken,
} from '@saathi/platform';
import type { AccessTokenClaims, AccessTokenVerifier, Clock } from '@saathi/platform';

/** The `typ` of identity's signed values (never an access token's `at+jwt`). */
export const SIGNED_VALUE_TYPE = 'saathi-value+jwt';

/**
 * Signs and verifies the ES256 access token. Identity verifies with its injected clock (so tests
 * can move time); other services use the platform verifier with the same claims.
 */
export class AccessTokens {
  private readonly publicKey: KeyObject;
  /** The platform verifier (key parsed once, verified tokens remembered until exp) on identity's clock. */
  private readonly verifyAccess: AccessTokenVerifier;

  constructor(
    private readonly privateKey: string,
    publicKeyPem: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {
    this.publicKey = createPublicKey(publicKeyPem);
    this.verifyAccess = createAccessTokenVerifier(publicKeyPem, { now: () => clock.now().getTime() });
  }

  sign(claims: AccessTokenClaims): string {
    return signAccessToken(this.privateKey, claims, {
      ttlSeconds: this.ttlSeconds,
      nowSeconds: Math.floor(this.clock.now().getTime() / 1000),
    });
  }

  verify(token: string): AccessTokenClaims | null {
    const user = this.verifyAccess(token);
    return user
      ? {
          sub: user.id,
          username: user.username,
          role: user.role,
          sid: user.sessionId,
          ev: user.emailVerified === true,
        }
      : null;
  }

  /**
   * A short-lived signed value for other purposes (e.g. the OAuth flow cookie), bound to an
   * audience naming that purpose. Its own `typ` keeps it apart from access tokens both ways:
   * access-token verification requires `at+jwt` and the API audience, this requires `SIGNED_VALUE_TYPE`.
   */
  signValue(audience: string, value: Record<string, string>, ttlSeconds: number): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return jwt.sign({ ...value, iat, exp: iat + ttlSeconds }, this.privateKey, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      header: { alg: ACCESS_TOKEN_ALGORITHM, typ: SIGNED_VALUE_TYPE },
      issuer: ACCESS_TOKEN_ISSUER,
      audience,
    });
  }

  verifyValue(audience: string, token: string): Record<string, unknown> | null {
    try {
      const { header, payload } = jwt.verify(token, this.publicKey, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        issuer: ACCESS_TOKEN_ISSUER,
        audience,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
        complete: true,
      });
      if (header.typ !== SIGNED_VALUE_TYPE || typeof payload !== 'object') return null;
      return typeof payload.exp === 'number' ? payload : null;
    } catch {
      return null;
    }
  }
}
