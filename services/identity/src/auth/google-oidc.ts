import * as oidc from 'openid-client';
import type { Config } from '../config';

export interface GoogleClientConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

/** The settings Google sign-in reads. */
export type GoogleClientSettings = Pick<
  Config,
  'GOOGLE_CLIENT_ID' | 'GOOGLE_CLIENT_SECRET' | 'GOOGLE_ISSUER' | 'GOOGLE_REDIRECT_URI' | 'PUBLIC_ORIGIN'
>;

export function googleClientConfig(config: GoogleClientSettings): GoogleClientConfig | null {
  if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
  return {
    issuer: config.GOOGLE_ISSUER,
    clientId: config.GOOGLE_CLIENT_ID,
    clientSecret: config.GOOGLE_CLIENT_SECRET,
    redirectUri: config.GOOGLE_REDIRECT_URI ?? `${config.PUBLIC_ORIGIN}/api/auth/google/callback`,
  };
}

/** Discovers the provider once (lazily) and retries discovery after a failure. */
export class OidcProvider {
  private discovered: Promise<oidc.Configuration> | undefined;

  constructor(readonly client: GoogleClientConfig) {}

  configuration(): Promise<oidc.Configuration> {
    this.discovered ??= oidc
      .discovery(new URL(this.client.issuer), this.client.clientId, this.client.clientSecret, undefined, {
        // Only a local mock issuer is plain http; the real one is https.
        // eslint-disable-next-line @typescript-eslint/no-deprecated -- deprecated as a warning against production use; only the test issuer is http
        ...(this.client.issuer.startsWith('http:') ? { execute: [oidc.allowInsecureRequests] } : {}),
      })
      .catch((error: unknown) => {
        this.discovered = undefined;
        throw error;
      });
    return this.discovered;
  }

  async authorizationUrl(): Promise<{ url: URL; state: string; nonce: string; verifier: string }> {
    const configuration = await this.configuration();
    const verifier = oidc.randomPKCECodeVerifier();
    const state = oidc.randomState();
    const nonce = oidc.randomNonce();
    const url = oidc.buildAuthorizationUrl(configuration, {
      redirect_uri: this.client.redirectUri,
      scope: 'openid email profile',
      code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
    });
    return { url, state, nonce, verifier };
  }

  /** Exchanges the code (checking state, nonce and PKCE) and returns the ID token's claims. */
  async callback(
    query: string,
    checks: { state: string; nonce: string; verifier: string },
  ): Promise<oidc.IDToken> {
    const configuration = await this.configuration();
    const currentUrl = new URL(this.client.redirectUri);
    currentUrl.search = query;
    const tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
      pkceCodeVerifier: checks.verifier,
      expectedState: checks.state,
      expectedNonce: checks.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider returned no ID token');
    return claims;
  }
}
