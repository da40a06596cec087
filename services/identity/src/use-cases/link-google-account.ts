import { uniqueViolationOf } from '../db/errors';
import type { UserRow } from '../db/schema';
import { baseUsernameFromEmail, usernameCandidates } from '../domain/usernames';
import { insertAccount } from './create-account';
import type { IdentityCore, RequestMeta } from './identity-core';

/** What identity uses of a Google ID token's claims. */
export interface GoogleClaims {
  sub: string;
  email: string;
  email_verified?: boolean | undefined;
  given_name?: string | undefined;
  family_name?: string | undefined;
  picture?: string | undefined;
}

/**
 * The account for these Google claims: linked by subject, else linked to the account with the
 * same verified address, else a new account. Null when no account can be given safely.
 */
export async function linkGoogleAccount(
  deps: Pick<IdentityCore, 'uow' | 'users' | 'clock' | 'adminEmails' | 'sessionCache'>,
  claims: GoogleClaims,
  meta: Pick<RequestMeta, 'traceId'>,
): Promise<UserRow | null> {
  const { users } = deps;
  const linked = await users.findByGoogleId(claims.sub);
  if (linked) return linked;
  const email = claims.email.toLowerCase();
  const sameEmail = await users.findByEmail(email);
  if (sameEmail) {
    // Linking to an existing password account is only safe when Google vouches for the address.
    if (claims.email_verified !== true) return null;
    const updated = await users.linkGoogle(sameEmail.id, claims.sub, deps.clock.now());
    deps.sessionCache.clear();
    return updated ?? null;
  }
  const picture = claims.picture && /^https:\/\//.test(claims.picture) ? claims.picture : null;
  for (const username of usernameCandidates(baseUsernameFromEmail(email))) {
    try {
      return await deps.uow.withEvents(
        (tx, emit) =>
          insertAccount(deps, tx, emit, {
            username,
            email,
            phone: null,
            passwordHash: null,
            firstName: claims.given_name ?? null,
            lastName: claims.family_name ?? null,
            profileImageUrl: picture,
            googleId: claims.sub,
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
