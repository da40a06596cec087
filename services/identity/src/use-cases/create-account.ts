import type { Role } from '@saathi/contracts';
import type { Db, Emit } from '@saathi/platform';
import type { NewUser } from '../db/users-repository';
import type { UserRow } from '../db/schema';
import { emitEmailVerified } from '../events/email-verified';
import { emitUserRegistered } from '../events/user-registered';
import type { IdentityCore } from './identity-core';

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
  deps: Pick<IdentityCore, 'users' | 'clock' | 'adminEmails'>,
  tx: Db,
  emit: Emit,
  fields: Omit<NewUser, 'role'>,
): Promise<UserRow> {
  const user = await deps.users.with(tx).insert(
    {
      ...fields,
      role: roleFor(deps.adminEmails, {
        email: fields.email,
        emailVerifiedAt: fields.emailVerifiedAt ?? null,
      }),
    },
    deps.clock.now(),
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
  deps: Pick<IdentityCore, 'users' | 'clock' | 'adminEmails' | 'sessionCache'>,
  user: UserRow,
): Promise<UserRow> {
  const role = roleFor(deps.adminEmails, user);
  if (role === user.role) return user;
  const updated = await deps.users.setRole(user.id, role, deps.clock.now());
  deps.sessionCache.clear();
  return updated;
}
