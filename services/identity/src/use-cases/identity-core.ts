import { resolveSessionsWith, sealToken } from '@saathi/platform';
import type { Clock, JobQueue, ServiceHost, ServiceKit, UnitOfWork } from '@saathi/platform';
import { AccessTokens } from '../auth/access-token';
import { DeviceTokens } from '../auth/device-token';
import { googleClientConfig, OidcProvider } from '../auth/google-oidc';
import { identitySessions, signedIn } from '../auth/identity-sessions';
import type { SignedIn } from '../auth/identity-sessions';
import { SessionCache } from '../auth/session-cache';
import { SessionManager } from '../auth/session-manager';
import { publicKeyOf } from '../config';
import type { Config } from '../config';
import { AdminReviewRepository } from '../db/admin-review-repository';
import { BlocksRepository } from '../db/blocks-repository';
import { DataExportsRepository } from '../db/data-exports-repository';
import { EmailVerificationsRepository } from '../db/email-verifications-repository';
import { MaintenanceRepository } from '../db/maintenance';
import { PasswordResetsRepository } from '../db/password-resets-repository';
import { ProfileImagesRepository } from '../db/profile-images-repository';
import { ProfilesRepository } from '../db/profiles-repository';
import { SessionsRepository } from '../db/sessions-repository';
import { UsersRepository } from '../db/users-repository';
import { createAvatarSizes } from '../domain/avatar-sizes';
import type { Argon2Cost } from '../domain/password-hashing';
import { exportPartsOverHttp } from '../export-parts';
import type { ExportParts } from '../export-parts';
import { endSession, withConfiguredRole } from './auth';
import { AttemptLimits } from './rate-limit';

/**
 * What identity's use cases are written against, built once when the service starts. Each use
 * case takes a `Pick` of this — only what it touches — so its signature says what it reads and
 * writes, and its test fakes only that.
 */
export interface IdentityCore {
  uow: UnitOfWork;
  clock: Clock;
  queue: JobQueue;
  users: UsersRepository;
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  verifications: EmailVerificationsRepository;
  profiles: ProfilesRepository;
  images: ProfileImagesRepository;
  blocks: BlocksRepository;
  exports: DataExportsRepository;
  people: AdminReviewRepository;
  maintenance: MaintenanceRepository;
  /** Signed-in lookups; cleared after any commit that changes a session or a user. */
  sessionCache: SessionCache;
  /** The account row and session a route's signed-in `user` was read with. */
  signedIn: SignedIn;
  /** The browser's session: cookies, refresh, logout (only the reply-touching handlers use it). */
  browserSessions: SessionManager;
  devices: DeviceTokens;
  tokens: AccessTokens;
  limits: AttemptLimits;
  /** Google sign-in; null when GOOGLE_CLIENT_ID/SECRET are not set. */
  google: OidcProvider | null;
  avatarSizes: ReturnType<typeof createAvatarSizes>;
  exportParts: ExportParts;
  argon2: Argon2Cost;
  adminEmails: readonly string[];
  accessTtlSeconds: number;
  cookieSecure: boolean;
  /** Uploaded images one person may keep. */
  imageQuota: number;
  /** Seals mailed one-time tokens for the mail worker (see the platform's `sealToken`). */
  mailTokens: MailTokens;
}

/**
 * A token for a mailed link is never put in an event readable: seal it with `mailTokens.seal`
 * (a purpose of its own: PASSWORD_RESET_TOKEN_PURPOSE, EMAIL_VERIFICATION_TOKEN_PURPOSE) and emit
 * only the sealed value; notification opens it when the mail is sent.
 */
export interface MailTokens {
  seal(purpose: string, token: string, expiresAt: Date): string;
}

/** The request facts a use case may need, without handing it the request (the platform's). */
export type { RequestMeta } from '@saathi/platform';

/**
 * Identity's repositories, caches and settings, built once per process. Identity checks its own
 * session table (`auth: 'none'`), so this is also where the app learns how: its `user` and
 * `admin` routes ask `identitySessions`, which reads this core's session manager.
 */
export function createIdentityCore(kit: ServiceKit<Config>, host?: Pick<ServiceHost, 'app'>): IdentityCore {
  const db = kit.db.db;
  const { config, clock } = kit;
  const google = googleClientConfig(config);
  const core: Omit<IdentityCore, 'browserSessions'> = {
    uow: kit.uow,
    clock,
    queue: kit.queue,
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    resets: new PasswordResetsRepository(db),
    verifications: new EmailVerificationsRepository(db),
    profiles: new ProfilesRepository(db),
    images: new ProfileImagesRepository(db),
    blocks: new BlocksRepository(db),
    exports: new DataExportsRepository(db),
    people: new AdminReviewRepository(db),
    maintenance: new MaintenanceRepository(db),
    sessionCache: new SessionCache(config.SESSION_CACHE_MS, clock),
    signedIn,
    devices: new DeviceTokens(config.JWT_PRIVATE_KEY, clock, config.COOKIE_SECURE),
    tokens: new AccessTokens(
      config.JWT_PRIVATE_KEY,
      publicKeyOf(config),
      config.ACCESS_TOKEN_TTL_SECONDS,
      clock,
    ),
    limits: attemptLimits(kit),
    google: google ? new OidcProvider(google) : null,
    avatarSizes: createAvatarSizes(),
    exportParts: exportPartsOverHttp({
      base: config.EXPORT_PARTS_URL ?? config.PUBLIC_ORIGIN,
      privateKey: config.JWT_PRIVATE_KEY,
      clock,
    }),
    argon2: { memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: 1 },
    adminEmails: config.ADMIN_EMAILS,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    cookieSecure: config.COOKIE_SECURE,
    imageQuota: config.UPLOADED_IMAGES_MAX,
    mailTokens: {
      seal: (purpose, token, expiresAt) => sealToken(config.MAIL_TOKEN_KEY, purpose, token, expiresAt),
    },
  };
  const browserSessions = new SessionManager({
    tokens: core.tokens,
    sessions: core.sessions,
    users: core.users,
    clock,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    rotationGraceSeconds: config.REFRESH_ROTATION_GRACE_SECONDS,
    cookieSecure: config.COOKIE_SECURE,
    cache: core.sessionCache,
    endSession: (sessionId, reason) => endSession(core, sessionId, reason),
    withConfiguredRole: (user) => withConfiguredRole(core, user),
  });
  if (host) resolveSessionsWith(host.app, identitySessions(browserSessions));
  return { ...core, browserSessions };
}

/** The rule of every limit, counted in the shared store (Redis in cluster mode) or in this process. */
function attemptLimits(kit: ServiceKit<Config>): AttemptLimits {
  const { config } = kit;
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perWindow = (limit: number) => ({ limit, windowMs });
  return new AttemptLimits(kit.rateLimiter, {
    loginPerIp: perWindow(config.RATE_LIMIT_LOGIN_PER_IP),
    loginPerAccount: {
      limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT,
      windowMs: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_WINDOW_SECONDS * 1000,
    },
    // Of an address's guesses per window, this many fill the account-wide cap (rate-limit.ts).
    loginCountedPerAccountIp: perWindow(config.RATE_LIMIT_LOGIN_PER_ACCOUNT_IP),
    // Wrong passwords one device token may carry past the account-wide cap, per its window.
    loginPerDevice: {
      limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_IP,
      windowMs: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_WINDOW_SECONDS * 1000,
    },
    loginPerAccountIp: {
      limit: config.RATE_LIMIT_LOGIN_PER_ACCOUNT_IP,
      windowMs,
      backoff: {
        baseMs: config.LOGIN_BACKOFF_BASE_SECONDS * 1000,
        maxMs: config.LOGIN_BACKOFF_MAX_SECONDS * 1000,
      },
    },
    registerPerIp: perWindow(config.RATE_LIMIT_REGISTER_PER_IP),
    forgotPerIp: perWindow(config.RATE_LIMIT_FORGOT_PER_IP),
    forgotPerEmail: { limit: 1, windowMs: config.FORGOT_PASSWORD_COOLDOWN_SECONDS * 1000 },
    verifyEmailPerAccount: perWindow(config.RATE_LIMIT_VERIFY_EMAIL_PER_ACCOUNT),
    uploadsPerUser: { limit: config.UPLOADS_PER_HOUR, windowMs: 3_600_000 },
  });
}
