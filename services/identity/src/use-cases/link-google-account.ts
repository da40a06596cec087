import { cleanPersonName } from '@saathi/contracts';
import { uniqueViolationOf } from '../db/errors';
import type { UserRow } from '../db/schema';
import { googlePictureUrl } from '../domain/image-url';
import { baseUsernameFromEmail, usernameCandidates } from '../domain/usernames';
import { emitEmailVerified } from '../events/email-verified';
import { emitSessionsRevoked } from '../events/session-revoked';
import { insertAccount } from './create-account';
import type { IdentityCore, RequestMeta } from './identity-core';

/** A name from Google, cleaned as a display name is on save; null when nothing is left. */
const personNameOf = (name: string | undefined): string | null => cleanPersonName(name ?? '') || null;

/** What identity uses of a Google ID token's claims. */
export interface GoogleClaims {
  sub: string;
  email: string;
  email_verified?: boolean | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  picture?: string | undefined;
}

type LinkDeps = Pick<
  IdentityCore,
  'uow' | 'users' | 'sessions' | 'clock' | 'adminEmails' | 'sessionCache' | 'accessTtlSeconds'
>;

/**
 * The account for these Google claims: linked by subject; else, when Google vouches for the
 * address, the account with that address (linked if its owner had proved the address, handed
 * over to the Google user if nobody had); else a new, verified account. Null when no account
 * can be given safely.
 */
export async function linkGoogleAccount(
  deps: LinkDeps,
  claims: GoogleClaims,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<UserRow | null> {
  const { users } = deps;
  const email = claims.email.toLowerCase();
  const vouched = claims.email_verified === true;
  const linked = await users.findByGoogleId(claims.sub);
  if (linked) {
    if (!vouched || linked.email !== email || linked.emailVerifiedAt) return linked;
    // Google now proves the account's own address. A password on an unproven address may be
    // someone else's (linked before links required a proven address): the account is claimed.
    if (linked.passwordHash !== null) return (await claimAccount(deps, linked, claims.sub, meta)) ?? linked;
    const verified = await deps.uow.withEvents(async (tx, emit) => {
      const marked = await users.with(tx).markEmailVerified(linked.id, email, deps.clock.now());
      if (marked?.newly) emitEmailVerified(emit, marked.user);
      return marked?.user;
    }, meta);
    deps.sessionCache.clear();
    return verified ?? linked;
  }
  // Nothing is linked to or created from an address Google does not vouch for.
  if (!vouched) return null;
  const sameEmail = await users.findByEmail(email);
  if (sameEmail) {
    if (!sameEmail.emailVerifiedAt) return claimAccount(deps, sameEmail, claims.sub, meta);
    const updated = await users.linkGoogle(sameEmail.id, claims.sub, deps.clock.now());
    deps.sessionCache.clear();
    return updated ?? null;
  }
  const picture = googlePictureUrl(claims.picture);
  for (const username of usernameCandidates(baseUsernameFromEmail(email))) {
    try {
      return await deps.uow.withEvents(
        (tx, emit) =>
          insertAccount(deps, tx, emit, {
            username,
            email,
            phone: null,
            passwordHash: null,
            firstName: personNameOf(claims.given_name),
            lastName: personNameOf(claims.family_name),
            profileImageUrl: picture,
            googleId: claims.sub,
            emailVerifiedAt: deps.clock.now(),
          }),
        meta,
      );
    } catch (error) {
      const constraint = uniqueViolationOf(error);
      if (constraint === 'users_username_lower_key') continue;
      // The same Google account finishing two sign-ins at once: the other one created it.
      if (constraint === 'users_google_id_key') return (await users.findByGoogleId(claims.sub)) ?? null;
      throw error;
    }
  }
  return null;
}

/**
 * Whoever registered this address never proved it; Google has just proved who owns it. The
 * account goes to that person in one unit of work: linked to their Google subject, address
 * verified, the password removed and every session ended (announced to every service).
 */
async function claimAccount(
  deps: LinkDeps,
  account: UserRow,
  googleId: string,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<UserRow | null> {
  const now = deps.clock.now();
  return deps.uow.withEvents(async (tx, emit, afterCommit) => {
    // The user row is written (locked) before the sessions end, so a password sign-in racing the
    // claim either has its session ended here or is refused (createIfUserUnchanged).
    const claimed = await deps.users.with(tx).claimForGoogle(account.id, googleId, now);
    if (!claimed) return null;
    emitEmailVerified(emit, claimed);
    const ended = await deps.sessions.with(tx).revokeAllForUser(account.id, 'account-claimed', now);
    emitSessionsRevoked(emit, account.id, ended, deps.accessTtlSeconds, now);
    afterCommit(() => deps.sessionCache.clear());
    return claimed;
  }, meta);
}
