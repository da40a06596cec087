import type { Clock, UnitOfWork } from '@saathi/platform';
import type { SessionCache } from '../auth/session-cache';
import type { EmailVerificationsRepository } from '../db/email-verifications-repository';
import type { PasswordResetsRepository } from '../db/password-resets-repository';
import type { ProfileImagesRepository } from '../db/profile-images-repository';
import type { ProfilesRepository } from '../db/profiles-repository';
import type { SessionsRepository } from '../db/sessions-repository';
import type { BlocksRepository } from '../db/blocks-repository';
import type { UsersRepository } from '../db/users-repository';
import type { Argon2Cost } from '../domain/password-hashing';

/**
 * The pieces identity's use cases are written against. Each use case takes a `Pick` of this —
 * only what it touches — so its signature says what it reads and writes, and a unit test
 * builds only that.
 */
export interface IdentityCore {
  uow: UnitOfWork;
  clock: Clock;
  users: UsersRepository;
  sessions: SessionsRepository;
  resets: PasswordResetsRepository;
  verifications: EmailVerificationsRepository;
  profiles: ProfilesRepository;
  images: ProfileImagesRepository;
  blocks: BlocksRepository;
  /** Signed-in lookups; cleared after any commit that changes a session or a user. */
  sessionCache: SessionCache;
  argon2: Argon2Cost;
  adminEmails: readonly string[];
  accessTtlSeconds: number;
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

/** The request facts a use case may need, without handing it the request. */
export interface RequestMeta {
  /** The request's trace id; it travels in the events' envelopes and the jobs it queues. */
  traceId: string;
  ip: string;
}
