import type { CurrentUser, PublicUser } from '@saathi/contracts';
import type { UserRow } from './db/schema';

/** The signed-in user's own view (never the password hash or Google subject). */
export function toCurrentUser(user: UserRow): CurrentUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    phone: user.phone,
    firstName: user.firstName,
    lastName: user.lastName,
    profileImageUrl: user.profileImageUrl,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    createdAt: user.createdAt.toISOString(),
  };
}

/** What anyone may see of another user. */
export function toPublicUser(user: UserRow): PublicUser {
  return { id: user.id, username: user.username, firstName: user.firstName, lastName: user.lastName };
}
