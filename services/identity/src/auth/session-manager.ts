import { randomUUID } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CookieSerializeOptions } from '@fastify/cookie';
import { ACCESS_COOKIE, IdentityMessages, REFRESH_COOKIE } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { Clock } from '@saathi/platform';
import type { RevokeReason, SessionsRepository } from '../db/sessions-repository';
import type { UsersRepository } from '../db/users-repository';
import type { SessionRow, UserRow } from '../db/schema';
import { formatRefreshToken, hashToken, parseRefreshToken, randomToken, sameHash } from '../domain/tokens';
import type { AccessTokens } from './access-token';
import type { SessionCache } from './session-cache';

const suspended = () => httpErrors.forbidden(IdentityMessages.accountSuspended, 'ACCOUNT_SUSPENDED');

/** The refresh cookie only travels to the auth endpoints, which are the only ones that refresh. */
export const REFRESH_COOKIE_PATH = '/api/auth';

export interface Authenticated {
  user: UserRow;
  sessionId: string;
}

export interface SessionManagerOptions {
  tokens: AccessTokens;
  sessions: SessionsRepository;
  users: UsersRepository;
  clock: Clock;
  accessTtlSeconds: number;
  refreshTtlDays: number;
  /** How long a just-rotated refresh token still renews the access token (see `refresh`). */
  rotationGraceSeconds: number;
  cookieSecure: boolean;
  cache: SessionCache;
  /** Ends a session and announces it (the endSession use case). */
  endSession(sessionId: string, reason: RevokeReason): Promise<void>;
  /** The user with the role configuration gives them now (the withConfiguredRole use case). */
  withConfiguredRole(user: UserRow): Promise<UserRow>;
}

/**
 * Sessions: a short-lived ES256 access JWT plus a rotating opaque refresh token (stored hashed),
 * both httpOnly SameSite=Lax cookies. Identity's own endpoints also check the session row, so
 * a logged-out session's access cookie is refused here at once (other services accept it until
 * it expires, at most ACCESS_TOKEN_TTL_SECONDS later).
 */
export class SessionManager {
  constructor(private readonly options: SessionManagerOptions) {}

  private cookieOptions(path: string, maxAgeSeconds: number): CookieSerializeOptions {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.cookieSecure,
      path,
      maxAge: maxAgeSeconds,
    };
  }

  private setCookies(reply: FastifyReply, accessToken: string, refreshToken: string): void {
    const { accessTtlSeconds, refreshTtlDays } = this.options;
    void reply.setCookie(ACCESS_COOKIE, accessToken, this.cookieOptions('/', accessTtlSeconds));
    void reply.setCookie(
      REFRESH_COOKIE,
      refreshToken,
      this.cookieOptions(REFRESH_COOKIE_PATH, refreshTtlDays * 86_400),
    );
  }

  clearCookies(reply: FastifyReply): void {
    void reply.clearCookie(ACCESS_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.cookieSecure,
      path: '/',
    });
    void reply.clearCookie(REFRESH_COOKIE, {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.options.cookieSecure,
      path: REFRESH_COOKIE_PATH,
    });
  }

  private accessTokenFor(user: UserRow, sessionId: string): string {
    return this.options.tokens.sign({
      sub: user.id,
      username: user.username,
      role: user.role,
      sid: sessionId,
      ev: user.emailVerifiedAt !== null,
    });
  }

  /**
   * Starts a new session for the user and sets both cookies. `user` is the row as the caller
   * checked it (a password verified against its hash, a Google link): the session is created
   * only if the account is still in that state, so a password reset, suspension or Google claim
   * that committed while the password was being checked cannot miss it (see
   * `createIfUserUnchanged`).
   */
  async start(request: FastifyRequest, reply: FastifyReply, user: UserRow): Promise<string> {
    // Every way in (password, registration, Google) passes here, so a suspension holds for all.
    if (user.suspendedAt) throw suspended();
    const now = this.options.clock.now();
    const sid = randomUUID();
    const secret = randomToken();
    const created = await this.options.sessions.createIfUserUnchanged(
      {
        sid,
        refreshHash: hashToken(secret),
        expire: new Date(now.getTime() + this.options.refreshTtlDays * 86_400_000),
        userAgent: request.headers['user-agent']?.slice(0, 300) ?? null,
      },
      user,
      now,
    );
    if (!created) {
      // The account changed since it was checked: suspended, or the password checked is no
      // longer its password (reset, claimed through Google) or the account is gone.
      const current = await this.options.users.findById(user.id);
      if (current?.suspendedAt) throw suspended();
      throw httpErrors.unauthorized(IdentityMessages.invalidCredentials, 'INVALID_CREDENTIALS');
    }
    this.setCookies(reply, this.accessTokenFor(user, sid), formatRefreshToken({ sessionId: sid, secret }));
    return sid;
  }

  /** The user of a valid access cookie whose session is still live; no refresh. */
  async fromAccessCookie(request: FastifyRequest): Promise<Authenticated | null> {
    const token = request.cookies[ACCESS_COOKIE];
    if (!token) return null;
    const claims = this.options.tokens.verify(token);
    if (!claims) return null;
    const { cache, sessions } = this.options;
    let found = cache.get(claims.sid);
    if (!found) {
      const readStarted = cache.readStarted();
      found = await sessions.findWithUser(claims.sid);
      if (!found) return null;
      cache.set(claims.sid, found, readStarted);
    }
    const { session, user } = found;
    const now = this.options.clock.now();
    if (session.revokedAt || session.expire <= now || session.userId !== claims.sub) return null;
    // The user row comes with the session (joined, or cached with it): refusing a suspended
    // account here costs no query. A suspension also ends every session, so this only matters
    // for a session that escaped it. (A copy another replica cached before the suspension shows
    // neither, for at most SESSION_CACHE_MS.)
    if (user.suspendedAt) return null;
    return { user, sessionId: session.sid };
  }

  /**
   * The signed-in user, refreshing transparently when the access cookie is missing or expired
   * but the refresh cookie is good. Presenting an outdated refresh secret of a live session
   * means the token was copied: that session is revoked.
   */
  async authenticate(
    request: FastifyRequest,
    reply: FastifyReply,
    { refresh }: { refresh: boolean },
  ): Promise<Authenticated | null> {
    const fromAccess = await this.fromAccessCookie(request);
    if (fromAccess || !refresh) return fromAccess;
    const refreshed = await this.refresh(request, reply);
    if (!refreshed && (request.cookies[ACCESS_COOKIE] || request.cookies[REFRESH_COOKIE]))
      this.clearCookies(reply);
    return refreshed;
  }

  private async refresh(request: FastifyRequest, reply: FastifyReply): Promise<Authenticated | null> {
    const presented = parseRefreshToken(request.cookies[REFRESH_COOKIE]);
    if (!presented) return null;
    const { sessions, clock } = this.options;
    const now = clock.now();
    const session = await sessions.find(presented.sessionId);
    if (!session || session.revokedAt || session.expire <= now) return null;
    const presentedHash = hashToken(presented.secret);
    if (!sameHash(presentedHash, session.refreshHash)) {
      // Two tabs refreshed at once and the other one rotated this token a moment ago: not theft.
      if (this.withinRotationGrace(session, presentedHash, now)) return this.renewAccessOnly(reply, session);
      await this.options.endSession(session.sid, 'refresh-reuse');
      request.log.warn(
        { sid: session.sid, userId: session.userId },
        'refresh token reuse detected; session revoked',
      );
      return null;
    }
    const secret = randomToken();
    if (!(await sessions.rotate(session.sid, presentedHash, hashToken(secret), now))) {
      // Lost a race with a concurrent refresh of the same token (another tab): it rotated just now.
      const rotated = await sessions.find(session.sid);
      if (rotated && !rotated.revokedAt && this.withinRotationGrace(rotated, presentedHash, now))
        return this.renewAccessOnly(reply, rotated);
      return null;
    }
    const found = await this.options.users.findById(session.userId);
    // A suspended account gets no new access token, whatever its session row says.
    if (!found || found.suspendedAt) return null;
    // The role is decided again at every refresh, so a change to ADMIN_EMAILS reaches live sessions.
    const user = await this.options.withConfiguredRole(found);
    this.setCookies(
      reply,
      this.accessTokenFor(user, session.sid),
      formatRefreshToken({ sessionId: session.sid, secret }),
    );
    return { user, sessionId: session.sid };
  }

  /** Whether `presentedHash` is the refresh token this session replaced less than the grace ago. */
  private withinRotationGrace(session: SessionRow, presentedHash: string, now: Date): boolean {
    const { previousRefreshHash, rotatedAt } = session;
    return (
      previousRefreshHash !== null &&
      rotatedAt !== null &&
      now.getTime() - rotatedAt.getTime() <= this.options.rotationGraceSeconds * 1000 &&
      sameHash(presentedHash, previousRefreshHash)
    );
  }

  /**
   * The answer to a just-rotated refresh token within the grace: a fresh access token and no new
   * refresh cookie. The browser already holds the current refresh token from the request that
   * rotated it; rotating again would leave one of the two tabs' cookies dead (and revoked at its
   * next use). A copy of the old token used elsewhere within the grace gains only a short-lived
   * access token.
   */
  private async renewAccessOnly(reply: FastifyReply, session: SessionRow): Promise<Authenticated | null> {
    const found = await this.options.users.findById(session.userId);
    if (!found || found.suspendedAt) return null;
    const user = await this.options.withConfiguredRole(found);
    void reply.setCookie(
      ACCESS_COOKIE,
      this.accessTokenFor(user, session.sid),
      this.cookieOptions('/', this.options.accessTtlSeconds),
    );
    return { user, sessionId: session.sid };
  }

  /** Logout: ends the session named by either cookie and clears both. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const sids = new Set<string>();
    const accessToken = request.cookies[ACCESS_COOKIE];
    const claims = accessToken ? this.options.tokens.verify(accessToken) : null;
    if (claims) sids.add(claims.sid);
    const presented = parseRefreshToken(request.cookies[REFRESH_COOKIE]);
    if (presented) {
      // Only end the refresh cookie's session if the secret is right: a forged cookie must not log others out.
      const session = await this.options.sessions.find(presented.sessionId);
      if (session && sameHash(hashToken(presented.secret), session.refreshHash)) sids.add(session.sid);
    }
    for (const sid of sids) await this.options.endSession(sid, 'logout');
    this.clearCookies(reply);
  }
}
