import { createApp } from '@saathi/platform';
import type { App, ServiceDeps } from '@saathi/platform';
import { AccessTokens } from './auth/access-token';
import { SessionCache } from './auth/session-cache';
import { sessionRevokedEvent } from './events/session-revoked';
import { SessionManager } from './auth/session-manager';
import { publicKeyOf } from './config';
import type { Config } from './config';
import { createOutbox } from './context';
import type { IdentityContext, RateLimiters } from './context';
import { PasswordResetsRepository } from './db/password-resets-repository';
import { ProfileImagesRepository } from './db/profile-images-repository';
import { ProfilesRepository } from './db/profiles-repository';
import { SessionsRepository } from './db/sessions-repository';
import { UsersRepository } from './db/users-repository';
import { RateLimiter } from './domain/rate-limiter';
import { registerAuthRoutes } from './routes/auth';
import { registerGoogleRoutes } from './routes/google';
import { registerPasswordResetRoutes } from './routes/password-reset';
import { registerProfileRoutes } from './routes/profile';
import { registerUploadRoutes } from './routes/upload';
import { registerUsersRoutes } from './routes/users';

export interface BuildAppOptions {
  /** Called after a transaction wrote to the outbox (the relay's kick); a no-op when absent. */
  kickOutbox?: () => void;
}

function rateLimiters(deps: ServiceDeps<Config>): RateLimiters {
  const { config, clock } = deps;
  const windowMs = config.RATE_LIMIT_WINDOW_SECONDS * 1000;
  const limiter = (limit: number) => new RateLimiter({ limit, windowMs }, clock);
  return {
    loginPerIp: limiter(config.RATE_LIMIT_LOGIN_PER_IP),
    loginPerAccount: limiter(config.RATE_LIMIT_LOGIN_PER_ACCOUNT),
    registerPerIp: limiter(config.RATE_LIMIT_REGISTER_PER_IP),
    forgotPerIp: limiter(config.RATE_LIMIT_FORGOT_PER_IP),
    forgotPerEmail: limiter(config.RATE_LIMIT_FORGOT_PER_EMAIL),
  };
}

export function buildContext(deps: ServiceDeps<Config>, options: BuildAppOptions = {}): IdentityContext {
  const { config, clock } = deps;
  const db = deps.db.db;
  const sessionCache = new SessionCache(config.SESSION_CACHE_MS, clock);
  const forget = () => sessionCache.clear();
  const outbox = createOutbox(options.kickOutbox ?? (() => undefined));
  const users = new UsersRepository(db, forget);
  const sessions = new SessionsRepository(db, {
    changed: () => {
      forget();
      outbox.kick();
    },
    revoked: (tx, userId, sessionIds, now) =>
      outbox.write(tx, [
        sessionRevokedEvent(userId, sessionIds, config.ACCESS_TOKEN_TTL_SECONDS, now, clock),
      ]),
  });
  const tokens = new AccessTokens(
    config.JWT_PRIVATE_KEY,
    publicKeyOf(config),
    config.ACCESS_TOKEN_TTL_SECONDS,
    clock,
  );
  return {
    config,
    db,
    clock,
    logger: deps.logger,
    repos: {
      users,
      sessions,
      resets: new PasswordResetsRepository(db),
      profiles: new ProfilesRepository(db),
      images: new ProfileImagesRepository(db),
    },
    tokens,
    sessions: new SessionManager({
      tokens,
      sessions,
      users,
      clock,
      accessTtlSeconds: config.ACCESS_TOKEN_TTL_SECONDS,
      refreshTtlDays: config.REFRESH_TOKEN_TTL_DAYS,
      cookieSecure: config.COOKIE_SECURE,
      cache: sessionCache,
    }),
    outbox,
    limits: rateLimiters(deps),
    argon2: { memoryCost: config.ARGON2_MEMORY_KIB, timeCost: config.ARGON2_TIME_COST, parallelism: 1 },
  };
}

/** Identity's HTTP app: routes on the platform app factory; no listening, no env. */
export async function buildApp(deps: ServiceDeps<Config>, options: BuildAppOptions = {}): Promise<App> {
  const ctx = buildContext(deps, options);
  const app = await createApp({
    name: 'identity',
    logger: deps.logger,
    readiness: { database: () => deps.db.ping(), events: () => deps.bus.ping() },
    trustProxy: deps.config.TRUST_PROXY,
    // No platform auth plugin: identity checks tokens itself, against the session table.
    // Uploads need more than the default body limit; only that route raises it.
  });
  app.decorateRequest('user', null);
  registerAuthRoutes(app, ctx);
  registerPasswordResetRoutes(app, ctx);
  registerGoogleRoutes(app, ctx);
  registerProfileRoutes(app, ctx);
  registerUsersRoutes(app, ctx);
  registerUploadRoutes(app, ctx);
  return app;
}
