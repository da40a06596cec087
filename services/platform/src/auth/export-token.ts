import { createPublicKey } from 'node:crypto';
import type { KeyObject } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { App } from '../http/create-app';
import jwt from 'jsonwebtoken';
import { z } from 'zod';
import { ACCESS_TOKEN_ALGORITHM, ACCESS_TOKEN_ISSUER } from './tokens';
import type { AuthUser } from './tokens';

/**
 * The data-export job's token (docs/privacy.md "Downloading your data"): identity signs it with
 * its access-token key for one person, for a couple of minutes, so the job can collect that
 * person's part from each service's `GET /api/export/{service}` on their behalf.
 *
 * Its own audience and `typ` keep it apart from access tokens both ways: the platform's auth
 * plugin refuses it (it requires `at+jwt` for `saathi-api`), and only the routes registered
 * inside `acceptExportTokens` accept it — so a leaked one reads that person's export parts for
 * minutes and does nothing else.
 */
export const EXPORT_TOKEN_AUDIENCE = 'saathi-export';
export const EXPORT_TOKEN_TYPE = 'export+jwt';
/** Long enough for the job to ask every service once, short enough to be worthless when leaked. */
export const EXPORT_TOKEN_TTL_SECONDS = 120;

const claimsSchema = z.object({
  sub: z.string().min(1),
  username: z.string().min(1),
  jti: z.string().min(1),
});

/** Signs an export token for `userId` (identity's export job). `exportId` names the export it serves. */
export function signExportToken(
  privateKey: string | KeyObject,
  claims: { userId: string; username: string; exportId: string },
  nowSeconds: number = Math.floor(Date.now() / 1000),
): string {
  return jwt.sign(
    { username: claims.username, iat: nowSeconds, exp: nowSeconds + EXPORT_TOKEN_TTL_SECONDS },
    privateKey,
    {
      algorithm: ACCESS_TOKEN_ALGORITHM,
      header: { alg: ACCESS_TOKEN_ALGORITHM, typ: EXPORT_TOKEN_TYPE },
      subject: claims.userId,
      issuer: ACCESS_TOKEN_ISSUER,
      audience: EXPORT_TOKEN_AUDIENCE,
      jwtid: claims.exportId,
    },
  );
}

/** The person an export token speaks for (a `user`, never an admin), or null for anything else. */
export function verifyExportToken(
  publicKey: KeyObject,
  token: string,
  nowMs: number = Date.now(),
): AuthUser | null {
  try {
    const decoded = jwt.verify(token, publicKey, {
      algorithms: [ACCESS_TOKEN_ALGORITHM],
      issuer: ACCESS_TOKEN_ISSUER,
      audience: EXPORT_TOKEN_AUDIENCE,
      clockTimestamp: Math.floor(nowMs / 1000),
      // A token can never be older than its short life, whatever its `exp` says.
      maxAge: EXPORT_TOKEN_TTL_SECONDS,
      complete: true,
    });
    if (decoded.header.typ !== EXPORT_TOKEN_TYPE) return null;
    if (typeof (decoded.payload as { exp?: unknown }).exp !== 'number') return null;
    const claims = claimsSchema.safeParse(decoded.payload);
    if (!claims.success) return null;
    return {
      id: claims.data.sub,
      username: claims.data.username,
      role: 'user',
      sessionId: `export:${claims.data.jti}`,
    };
  } catch {
    return null;
  }
}

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (header && header.length > 7 && header.slice(0, 7).toLowerCase() === 'bearer ')
    return header.slice(7).trim();
  return undefined;
}

/**
 * Registers `routes` in a scope where a valid export token also counts as its person signed in
 * (when no session already does). Routes registered anywhere else never see it.
 */
export function acceptExportTokens(
  app: App,
  publicKeyPem: string | undefined,
  routes: (scope: App) => void,
): void {
  const publicKey = publicKeyPem ? createPublicKey(publicKeyPem) : undefined;
  // An encapsulated scope: its hook runs before the routes' own access check, for them alone.
  void app.register((scope, _options, done) => {
    if (publicKey)
      scope.addHook('onRequest', (request, _reply, next) => {
        const token = request.user ? undefined : bearerOf(request);
        if (token) request.user = verifyExportToken(publicKey, token);
        next();
      });
    routes(scope);
    done();
  });
}
