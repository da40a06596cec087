import { createMemoryRateLimiter, resolveSessionsWith, sealToken } from '@saathi/platform';
import type { App, ServiceKit } from '@saathi/platform';
import { AccessTokens } from './auth/access-token';
import { DeviceTokens } from './auth/device-token';
import { SessionCache } from './auth/session-cache';
import { SessionManager } from './auth/session-manager';
import { publicKeyOf } from './config';
import type { Config } from './config';
import { EmailVerificationsRepository } from './db/email-verifications-repository';
import { PasswordResetsRepository } from './db/password-resets-repository';
import { ProfileImagesRepository } from './db/profile-images-repository';
import { ProfilesRepository } from './db/profiles-repository';
import { SessionsRepository } from './db/sessions-repository';
import { UsersRepository } from './db/users-repository';
import { BlocksRepository } from './db/blocks-repository';
import { accountRoutes } from './routes/account';
import { exportRoutes } from './routes/export';
import { adminReviewRoutes } from './routes/admin-review';
import { blockRoutes } from './routes/blocks';
import { subscribeUserSuspended } from './events/user-suspended';
import { blockUser, listBlocked, unblockUser } from './use-cases/blocks';
import { deleteAccount } from './use-cases/delete-account';
import { authRoutes } from './routes/auth';
import { emailVerificationRoutes } from './routes/email-verification';
import { googleRoutes } from './routes/google';
import { passwordResetRoutes } from './routes/password-reset';
import { profileRoutes } from './routes/profile';
import { identitySessions } from './routes/require-session';
import { uploadRoutes } from './routes/upload';
import { usersRoutes } from './routes/users';
import { withConfiguredRole } from './use-cases/create-account';
import { resendVerificationEmail, verifyEmail } from './use-cases/email-verification';
import { endSession } from './use-cases/end-session';
import type { IdentityCore } from './use-cases/identity-core';
import { linkGoogleAccount } from './use-cases/link-google-account';
import { AttemptLimits } from './use-cases/rate-limit';
import { isResetTokenUsable, requestPasswordReset, resetPassword } from './use-cases/password-reset';
import { registerAccount } from './use-cases/register-account';
import { saveOwnProfile } from './use-cases/save-own-profile';
import { viewProfile } from './use-cases/view-profile';
import { signIn } from './use-cases/sign-in';
import { uploadProfileImage } from './use-cases/upload-profile-image';

/** Identity's repositories, caches and settings, built once per process. */
export function createIdentityCore(kit: ServiceKit<Config>): IdentityCore {
  const db = kit.db.db;
  const { config } = kit;
  return {
    uow: kit.uow,
    clock: kit.clock,
    users: new UsersRepository(db),
    sessions: new SessionsRepository(db),
    resets: new PasswordResetsRepository(db),
    verifications: new EmailVerificationsRepository(db),
    profiles: new ProfilesRepository(db),
    images: new ProfileImagesRepository(db),
    blocks: new BlocksRepository(db),
    sessionCache: new SessionCache(config.SESSION_CACHE_MS, kit.clock),
    argon2: { memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: 1 },
    adminEmails: config.ADMIN_EMAILS,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    mailTokens: {
      seal: (purpose, token, expiresAt) => sealToken(config.MAIL_TOKEN_KEY, purpose, token, expiresAt),
    },
  };
}

/** The rule of every limit, counted in the shared store (Redis in cluster mode) or in this process. */
function attemptLimits(kit: ServiceKit<Config>): AttemptLimits {
  const { config } = kit;
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const perWindow = (limit: number) => ({ limit, windowMs });
  return new AttemptLimits(kit.rateLimiter ?? createMemoryRateLimiter(), {
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

/**
 * Wires identity: builds its core once, binds each use case to it, and hands every route
 * plugin only the functions it calls.
 */
export async function registerIdentity(app: App, kit: ServiceKit<Config>): Promise<void> {
  const { config } = kit;
  const core = createIdentityCore(kit);
  // Here rather than among the consumers: it clears this process's signed-in cache.
  await subscribeUserSuspended(kit, core.sessionCache);
  const limits = attemptLimits(kit);
  const tokens = new AccessTokens(
    config.JWT_PRIVATE_KEY,
    publicKeyOf(config),
    config.ACCESS_TOKEN_TTL_SECONDS,
    kit.clock,
  );
  const sessions = new SessionManager({
    tokens,
    sessions: core.sessions,
    users: core.users,
    clock: kit.clock,
    accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
    refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
    rotationGraceSeconds: config.REFRESH_ROTATION_GRACE_SECONDS,
    cookieSecure: config.COOKIE_SECURE,
    cache: core.sessionCache,
    endSession: (sessionId, reason) => endSession(core, sessionId, reason),
    withConfiguredRole: (user) => withConfiguredRole(core, user),
  });
  resolveSessionsWith(app, identitySessions(sessions));
  const devices = new DeviceTokens(config.JWT_PRIVATE_KEY, kit.clock, config.COOKIE_SECURE);

  authRoutes(app, {
    sessions,
    devices,
    registerAccount: (input, meta) => registerAccount({ ...core, limits }, input, meta),
    signIn: (input, meta) => signIn({ ...core, limits, devices }, input, meta),
  });
  passwordResetRoutes(app, {
    sessions,
    requestPasswordReset: (email, meta) => requestPasswordReset({ ...core, limits }, email, meta),
    isResetTokenUsable: (token) => isResetTokenUsable(core, token),
    resetPassword: (input, current, meta) => resetPassword(core, input, current, meta),
  });
  emailVerificationRoutes(app, {
    verifyEmail: (token, signedIn, meta) => verifyEmail(core, token, signedIn, meta),
    resendVerificationEmail: (user, meta) => resendVerificationEmail({ ...core, limits }, user, meta),
  });
  googleRoutes(app, {
    config,
    tokens,
    sessions,
    linkGoogleAccount: (claims, meta) => linkGoogleAccount(core, claims, meta),
    withConfiguredRole: (user) => withConfiguredRole(core, user),
  });
  profileRoutes(app, {
    viewProfile: (viewerId, userId) => viewProfile(core, viewerId, userId),
    saveOwnProfile: (user, body, meta) => saveOwnProfile(core, user, body, meta),
  });
  usersRoutes(app, { findUser: (userId) => core.users.findById(userId) });
  blockRoutes(app, {
    blockUser: (blockerId, blockedId, meta) => blockUser(core, blockerId, blockedId, meta),
    unblockUser: (blockerId, blockedId, meta) => unblockUser(core, blockerId, blockedId, meta),
    listBlocked: (blockerId) => listBlocked(core, blockerId),
  });
  exportRoutes(app, kit);
  adminReviewRoutes(app, { db: kit.db.db });
  accountRoutes(app, {
    sessions,
    devices,
    deleteAccount: (current, password, meta) => deleteAccount({ ...core, limits }, current, password, meta),
  });
  uploadRoutes(app, {
    uploadProfileImage: (userId, imageData) =>
      uploadProfileImage({ ...core, limits, imageQuota: config.UPLOADED_IMAGES_MAX }, userId, imageData),
    findImage: (id) => core.images.find(id),
  });
}
