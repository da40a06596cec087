import { IdentityMessages } from '@saathi/contracts';
import type { getCurrentUserRoute, LoginBody, RegisterBody, Role } from '@saathi/contracts';
import { addressKey, outcomes } from '@saathi/platform';
import type { Db, Emit, RouteInput, RouteOutput } from '@saathi/platform';
import type { DeviceTokens } from '../auth/device-token';
import { uniqueViolationOf } from '../db/errors';
import type { RevokeReason } from '../db/sessions-repository';
import type { NewUser } from '../db/users-repository';
import type { UserRow } from '../db/schema';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../domain/password-hashing';
import { emitEmailVerified } from '../events/email-verified';
import { emitSessionsRevoked } from '../events/session-revoked';
import { emitUserRegistered } from '../events/user-registered';
import { toCurrentUser } from '../users-view';
import { sendVerificationLink } from './email-verification';
import type { IdentityCore, RequestMeta } from './identity-core';

/**
 * Signing up, signing in and out: the accounts and sessions behind `/api/auth/*`. The routes
 * that set or clear cookies call these from thin handlers (`browser.ts`); the cookies themselves
 * are the session manager's.
 */

/**
 * Admin for an address on ADMIN_EMAILS only once its owner has proved it: anyone can type an
 * address into the sign-up form.
 */
export function roleFor(
  adminEmails: readonly string[],
  user: Pick<UserRow, 'email' | 'emailVerifiedAt'>,
): Role {
  return user.emailVerifiedAt !== null && adminEmails.includes(user.email.toLowerCase()) ? 'admin' : 'user';
}

/**
 * Writes a new account and its `user.registered` event — the one place an account is born,
 * for password sign-up and Google sign-in alike. Runs inside the caller's unit of work.
 */
export async function insertAccount(
  core: Pick<IdentityCore, 'users' | 'clock' | 'adminEmails'>,
  tx: Db,
  emit: Emit,
  fields: Omit<NewUser, 'role'>,
): Promise<UserRow> {
  const user = await core.users.with(tx).insert(
    {
      ...fields,
      role: roleFor(core.adminEmails, {
        email: fields.email,
        emailVerifiedAt: fields.emailVerifiedAt ?? null,
      }),
    },
    core.clock.now(),
  );
  emitUserRegistered(emit, user);
  // An account born verified (Google vouched for the address) is mailable from the start.
  if (user.emailVerifiedAt) emitEmailVerified(emit, user);
  return user;
}

/**
 * Admins come from config: a change to ADMIN_EMAILS (or a newly verified address) takes effect at
 * the user's next sign-in or session refresh.
 */
export async function withConfiguredRole(
  core: Pick<IdentityCore, 'users' | 'clock' | 'adminEmails' | 'sessionCache'>,
  user: UserRow,
): Promise<UserRow> {
  const role = roleFor(core.adminEmails, user);
  if (role === user.role) return user;
  const updated = await core.users.setRole(user.id, role, core.clock.now());
  core.sessionCache.clear();
  return updated;
}

/**
 * A password sign-up: 409 for a taken username or address (also when two sign-ups race). The
 * address starts unverified and a verification link is mailed.
 */
export async function registerAccount(
  core: Pick<
    IdentityCore,
    'uow' | 'users' | 'verifications' | 'clock' | 'adminEmails' | 'argon2' | 'mailTokens' | 'limits'
  >,
  { body, meta }: { body: RegisterBody; meta: RequestMeta },
): Promise<UserRow> {
  await core.limits.enforce('registerPerIp', [addressKey(meta.ip)], core.clock.now());
  const { username, email, phone, password } = body;
  if (await core.users.usernameExists(username))
    throw outcomes.conflict(IdentityMessages.usernameTaken, 'USERNAME_TAKEN');
  if (await core.users.findByEmail(email))
    throw outcomes.conflict(IdentityMessages.emailTaken, 'EMAIL_TAKEN');
  const passwordHash = await hashPassword(password, core.argon2);
  try {
    return await core.uow.withEvents(
      async (tx, emit) => {
        const user = await insertAccount(core, tx, emit, { username, email, phone, passwordHash });
        // Typing an address proves nothing: the account starts unverified and the owner gets a link.
        await sendVerificationLink(core, tx, emit, user);
        return user;
      },
      { traceId: meta.traceId },
    );
  } catch (error) {
    // Two sign-ups racing for the same name: the loser gets the same clear answer.
    const constraint = uniqueViolationOf(error);
    if (constraint === 'users_username_lower_key')
      throw outcomes.conflict(IdentityMessages.usernameTaken, 'USERNAME_TAKEN');
    if (constraint !== null) throw outcomes.conflict(IdentityMessages.emailTaken, 'EMAIL_TAKEN');
    throw error;
  }
}

/**
 * Checks a password sign-in; the same answer for an unknown account and a wrong password.
 *
 * Wrong passwords are limited per account *and client address*, with a wait that doubles after
 * a few failures: an attacker guessing from one address is slowed to a crawl, while the owner
 * from their own address (or any other) is never locked out by someone else's guesses. A cap
 * per account across all addresses stays high, against guessing spread over many addresses;
 * it never holds a browser that shows a device token of this account (see `AttemptLimits`).
 * Each attempt is reserved before the password is hashed, so parallel guesses cannot all slip
 * past one check; the right password gives its reservation back.
 */
export async function signIn(
  core: Pick<IdentityCore, 'users' | 'clock' | 'adminEmails' | 'sessionCache' | 'argon2' | 'limits'> & {
    devices: Pick<DeviceTokens, 'verifyFor'>;
  },
  {
    body,
    meta,
  }: {
    body: LoginBody;
    meta: Pick<RequestMeta, 'ip'> & {
      /** The browser's device-token cookie, if any. */
      deviceToken?: string | undefined;
    };
  },
): Promise<UserRow> {
  const { identifier, password } = body;
  const { limits } = core;
  const now = core.clock.now();
  const client = addressKey(meta.ip);
  await limits.enforce('loginPerIp', [client], now);
  const found = await core.users.findByIdentifier(identifier);
  // Failures are counted per account (or per unknown identifier), whichever way it was named.
  const account = found ? `user:${found.id}` : `id:${identifier.toLowerCase()}`;
  // Only a token naming the account found counts: another account's token is no token here.
  const device = found ? core.devices.verifyFor(meta.deviceToken, found.id) : null;
  const guess = await limits.enforcePasswordGuess(account, client, now, device?.id);
  const ok = await verifyPassword(found?.passwordHash ?? (await dummyPasswordHash(core.argon2)), password);
  if (!found || !ok) throw outcomes.unauthorized(IdentityMessages.invalidCredentials, 'INVALID_CREDENTIALS');
  await guess.succeeded();
  return withConfiguredRole(core, found);
}

/** The signed-in account, as the access check read it (renewed under /api/auth). */
export function currentUser(
  core: Pick<IdentityCore, 'signedIn'>,
  { user }: RouteInput<typeof getCurrentUserRoute>,
): RouteOutput<typeof getCurrentUserRoute> {
  return toCurrentUser(core.signedIn.of(user).user);
}

/**
 * Ends one session (logout, a replayed refresh token) and tells every service at once through
 * `session.revoked`; the signed-in cache forgets it after the commit.
 */
export async function endSession(
  core: Pick<IdentityCore, 'uow' | 'sessions' | 'clock' | 'sessionCache' | 'accessTtlSeconds'>,
  sessionId: string,
  reason: RevokeReason,
): Promise<void> {
  const now = core.clock.now();
  await core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const ended = await core.sessions.with(tx).revoke(sessionId, reason, now);
      if (ended) emitSessionsRevoked(emit, ended.userId, [sessionId], core.accessTtlSeconds, now);
      afterCommit(() => core.sessionCache.clear());
    },
    { traceId: `session-revoked-${sessionId}` },
  );
}

/**
 * Any session revoked, by any replica (a logout, a reset, a suspension, a deletion): this
 * replica's signed-in cache forgets what it remembered. The event is published only once the
 * change has committed, so a lookup made after it reads the ended session.
 */
export function forgetSignedInLookups(core: Pick<IdentityCore, 'sessionCache'>): void {
  core.sessionCache.clear();
}
