export {
  ACCESS_TOKEN_ALGORITHM,
  accessTokenClaimsSchema,
  createAccessTokenVerifier,
  generateKeyPair,
} from './tokens';
export type { AccessTokenClaims, AccessTokenVerifier, AuthUser } from './tokens';
export { authPlugin, requireAdminHook, requireUser, requireUserHook } from './plugin';
export type { AuthPluginOptions } from './plugin';
export { RevokedSessions, trackRevokedSessions } from './revoked-sessions';
