import { createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_ALGORITHM, createAccessTokenVerifier } from '@saathi/platform';
import type { AccessTokenClaims, AccessTokenVerifier, Clock } from '@saathi/platform';

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
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const { sub, ...rest } = claims;
    return jwt.sign({ ...rest, iat, exp: iat + this.ttlSeconds }, this.privateKey, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      subject: sub,
    });
  }

  verify(token: string): AccessTokenClaims | null {
    const user = this.verifyAccess(token);
    return user ? { sub: user.id, username: user.username, role: user.role, sid: user.sessionId } : null;
  }

  /** A short-lived signed value for other purposes (e.g. the OAuth state cookie), bound to an audience. */
  signValue(audience: string, value: Record<string, string>, ttlSeconds: number): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    return jwt.sign({ ...value, iat, exp: iat + ttlSeconds }, this.privateKey, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      audience,
    });
  }

  verifyValue(audience: string, token: string): Record<string, unknown> | null {
    try {
      const payload = jwt.verify(token, this.publicKey, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        audience,
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
      return typeof payload === 'object' ? payload : null;
    } catch {
      return null;
    }
  }
}
