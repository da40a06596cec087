import { z } from 'zod';
import { cleanPersonName, IdentityMessages } from '@saathi/contracts';
import { uniqueViolationOf } from '../db/errors';
import type { UserRow } from '../db/schema';
import { googlePictureUrl } from '../domain/image-url';
import { baseUsernameFromEmail, usernameCandidates } from '../domain/usernames';
import { emitEmailVerified } from '../events/email-verified';
import { emitSessionsRevoked } from '../events/session-revoked';
import { insertAccount, withConfiguredRole } from './auth';
import type { IdentityCore, RequestMeta } from './identity-core';

/**
 * Google sign-in: the browser goes to Google with a signed flow cookie (state, nonce, PKCE
 * verifier) and comes back to the callback, which checks it, links or creates the account and
 * starts a session. The handlers (`browser.ts`) set and clear the cookies and redirect.
 */

/** The flow cookie: only sent back to the callback, ten minutes at most. */
export const GOOGLE_FLOW_COOKIE = 'saathi_oauth';
export const GOOGLE_FLOW_COOKIE_PATH = '/api/auth/google';
export const GOOGLE_FLOW_TTL_SECONDS = 600;
const FLOW_AUDIENCE = 'saathi-google-flow';

const flowSchema = z.object({
  state: z.string().min(1),
  nonce: z.string().min(1),
  verifier: z.string().min(43),
});

const googleClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.email(),
  email_verified: z.boolean().optional(),
  given_name: z.string().optional(),
  family_name: z.string().optional(),
  picture: z.string().optional(),
});

/** Where a failed sign-in sends the browser: the sign-in screen, saying why. */
export function googleErrorLocation(message: string): string {
  return `/auth?error=${encodeURIComponent(message)}`;
}

/** Where to send the browser, and the flow value its cookie keeps meanwhile. */
export type GoogleStart = { kind: 'go'; url: string; flow: string } | { kind: 'refused'; message: string };

/** The way to Google; refused when Google sign-in is not configured. Throws when Google cannot be reached. */
export async function startGoogleSignIn(core: Pick<IdentityCore, 'google' | 'tokens'>): Promise<GoogleStart> {
  if (!core.google) return { kind: 'refused', message: IdentityMessages.googleNotConfigured };
  const { url, state, nonce, verifier } = await core.google.authorizationUrl();
  const flow = core.tokens.signValue(FLOW_AUDIENCE, { state, nonce, verifier }, GOOGLE_FLOW_TTL_SECONDS);
  return { kind: 'go', url: url.href, flow };
}

/** The account to sign in, or why not (`no-flow`: the flow cookie was missing, expired or forged). */
export type GoogleReturn =
  | { kind: 'signed-in'; user: UserRow }
  | { kind: 'refused'; message: string }
  | { kind: 'no-flow'; message: string };

/**
 * Google's redirect back: the flow cookie must be the one this browser was given, and Google's
 * answer must match it (state, nonce, PKCE); then the account for the claims, with its
 * configured role. Throws when Google's answer is refused or cannot be read.
 */
export async function finishGoogleSignIn(
  core: Pick<
    IdentityCore,
    | 'google'
    | 'tokens'
    | 'uow'
    | 'users'
    | 'sessions'
    | 'clock'
    | 'adminEmails'
    | 'sessionCache'
    | 'accessTtlSeconds'
  >,
  input: { flowCookie: string | undefined; query: string; meta: Pick<RequestMeta, 'traceId'> },
): Promise<GoogleReturn> {
  if (!core.google) return { kind: 'refused', message: IdentityMessages.googleNotConfigured };
  const flow = flowSchema.safeParse(
    input.flowCookie ? core.tokens.verifyValue(FLOW_AUDIENCE, input.flowCookie) : null,
  );
  if (!flow.success) return { kind: 'no-flow', message: IdentityMessages.googleFailed };
  const claims = googleClaimsSchema.parse(await core.google.callback(input.query, flow.data));
  const account = await linkGoogleAccount(core, claims, input.meta);
  if (!account) return { kind: 'refused', message: IdentityMessages.googleFailed };
  return { kind: 'signed-in', user: await withConfiguredRole(core, account) };
}

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

type LinkCore = Pick<
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
  core: LinkCore,
  claims: GoogleClaims,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<UserRow | null> {
  const { users } = core;
  const email = claims.email.toLowerCase();
  const vouched = claims.email_verified === true;
  const linked = await users.findByGoogleId(claims.sub);
  if (linked) {
    if (!vouched || linked.email !== email || linked.emailVerifiedAt) return linked;
    // Google now proves the account's own address. A password on an unproven address may be
    // someone else's (linked before links required a proven address): the account is claimed.
    if (linked.passwordHash !== null) return (await claimAccount(core, linked, claims.sub, meta)) ?? linked;
    const verified = await core.uow.withEvents(async (tx, emit) => {
      const marked = await users.with(tx).markEmailVerified(linked.id, email, core.clock.now());
      if (marked?.newly) emitEmailVerified(emit, marked.user);
      return marked?.user;
    }, meta);
    core.sessionCache.clear();
    return verified ?? linked;
  }
  // Nothing is linked to or created from an address Google does not vouch for.
  if (!vouched) return null;
  const sameEmail = await users.findByEmail(email);
  if (sameEmail) {
    if (!sameEmail.emailVerifiedAt) return claimAccount(core, sameEmail, claims.sub, meta);
    const updated = await users.linkGoogle(sameEmail.id, claims.sub, core.clock.now());
    core.sessionCache.clear();
    return updated ?? null;
  }
  const picture = googlePictureUrl(claims.picture);
  for (const username of usernameCandidates(baseUsernameFromEmail(email))) {
    try {
      return await core.uow.withEvents(
        (tx, emit) =>
          insertAccount(core, tx, emit, {
            username,
            email,
            phone: null,
            passwordHash: null,
            firstName: personNameOf(claims.given_name),
            lastName: personNameOf(claims.family_name),
            profileImageUrl: picture,
            googleId: claims.sub,
            emailVerifiedAt: core.clock.now(),
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
  core: LinkCore,
  account: UserRow,
  googleId: string,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<UserRow | null> {
  const now = core.clock.now();
  return core.uow.withEvents(async (tx, emit, afterCommit) => {
    // The user row is written (locked) before the sessions end, so a password sign-in racing the
    // claim either has its session ended here or is refused (createIfUserUnchanged).
    const claimed = await core.users.with(tx).claimForGoogle(account.id, googleId, now);
    if (!claimed) return null;
    emitEmailVerified(emit, claimed);
    const ended = await core.sessions.with(tx).revokeAllForUser(account.id, 'account-claimed', now);
    emitSessionsRevoked(emit, account.id, ended, core.accessTtlSeconds, now);
    afterCommit(() => core.sessionCache.clear());
    return claimed;
  }, meta);
}
