import jwt from 'jsonwebtoken';
import { ACCESS_TOKEN_ALGORITHM, accessTokenClaimsSchema } from '@saathi/platform';
import type { AccessTokenClaims, Clock } from '@saathi/platform';

/**
 * Signs and verifies the ES256 access token. Identity verifies with its injected clock (so tests
 * can move time); other services use the platform verifier with the same claims.
 */
export class AccessTokens {
  constructor(
    private readonly privateKey: string,
    private readonly publicKey: string,
    private readonly ttlSeconds: number,
    private readonly clock: Clock,
  ) {}

  sign(claims: AccessTokenClaims): string {
    const iat = Math.floor(this.clock.now().getTime() / 1000);
    const { sub, ...rest } = claims;
    return jwt.sign({ ...rest, iat, exp: iat + this.ttlSeconds }, this.privateKey, {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      subject: sub,
    });
  }

  verify(token: string): AccessTokenClaims | null {
    try {
      const payload = jwt.verify(token, this.publicKey, {
        algorithms: [ACCESS_TOKEN_ALGORITHM],
        clockTimestamp: Math.floor(this.clock.now().getTime() / 1000),
      });
      const claims = accessTokenClaimsSchema.safeParse(payload);
      return claims.success ? claims.data : null;
    } catch {
      return null;
    }
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
