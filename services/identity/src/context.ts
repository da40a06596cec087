import type { FastifyRequest } from 'fastify';
import type { EventEnvelope } from '@saathi/contracts';
import type { Clock, Db, ServiceDeps } from '@saathi/platform';
import { writeOutbox } from '@saathi/platform';
import type { Logger } from 'pino';
import type { AccessTokens } from './auth/access-token';
import type { SessionManager } from './auth/session-manager';
import type { Config } from './config';
import type { PasswordResetsRepository } from './db/password-resets-repository';
import type { ProfileImagesRepository } from './db/profile-images-repository';
import type { ProfilesRepository } from './db/profiles-repository';
import type { SessionsRepository } from './db/sessions-repository';
import type { UsersRepository } from './db/users-repository';
import type { Argon2Cost } from './domain/password-hashing';
import type { RateLimiter } from './domain/rate-limiter';

export const SCHEMA = 'identity';

/** Records events in identity's outbox inside the caller's transaction; kick() after commit. */
export interface Outbox {
  write(tx: Db, envelopes: readonly EventEnvelope[]): Promise<void>;
  /** Tells the relay there is something to publish now (it also polls). */
  kick(): void;
}

export function createOutbox(kick: () => void): Outbox {
  return { write: (tx, envelopes) => writeOutbox(tx, SCHEMA, envelopes), kick };
}

export interface RateLimiters {
  loginPerIp: RateLimiter;
  loginPerAccount: RateLimiter;
  registerPerIp: RateLimiter;
  forgotPerIp: RateLimiter;
  forgotPerEmail: RateLimiter;
}

export interface Repositories {
  users: UsersRepository;
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  profiles: ProfilesRepository;
  images: ProfileImagesRepository;
}

/** Everything the routes need, built once in buildApp. */
export interface IdentityContext {
  config: Config;
  db: Db;
  clock: Clock;
  logger: Logger;
  repos: Repositories;
  tokens: AccessTokens;
  sessions: SessionManager;
  outbox: Outbox;
  limits: RateLimiters;
  argon2: Argon2Cost;
}

export type { ServiceDeps };

export function traceIdOf(request: FastifyRequest): string {
  return request.id;
}
