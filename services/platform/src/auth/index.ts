export {
  ACCESS_TOKEN_ALGORITHM,
  ACCESS_TOKEN_AUDIENCE,
  ACCESS_TOKEN_ISSUER,
  ACCESS_TOKEN_TYPE,
  accessTokenClaimsSchema,
  createAccessTokenVerifier,
  generateKeyPair,
  signAccessToken,
} from './tokens';
export type { AccessTokenClaims, AccessTokenVerifier, AuthUser } from './tokens';
export { authPlugin, requireAdminHook, requireUser, requireUserHook } from './plugin';
export type { AuthPluginOptions } from './plugin';
export { RevokedSessions, trackRevokedSessions } from './revoked-sessions';
export {
  acceptExportTokens,
  EXPORT_TOKEN_TTL_SECONDS,
  signExportToken,
  verifyExportToken,
} from './export-token';
