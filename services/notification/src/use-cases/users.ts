import type { userEmailVerifiedV1, userRegisteredV1, userUpdatedV1 } from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

/**
 * The users projection (db/users-repository.ts) from identity's account events, each as of its
 * time: display names for notices, and the address mails may go to once its owner proved it.
 */
type Users = Pick<NotificationCore, 'users'>;

/** identity.user.registered.v1 → the new account's names and address. */
export const recordRegisteredUser = (
  { users }: Users,
  { data, tx, occurredAt }: ConsumedEvent<typeof userRegisteredV1>,
) =>
  users.with(tx).apply(
    {
      userId: data.userId,
      username: data.username,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
    },
    occurredAt,
  );

/** identity.user.email_verified.v1 → the proved address (and the names). */
export const recordVerifiedEmail = (
  { users }: Users,
  { data, tx, occurredAt }: ConsumedEvent<typeof userEmailVerifiedV1>,
) =>
  users.with(tx).apply(
    {
      userId: data.userId,
      username: data.username,
      firstName: data.firstName,
      lastName: data.lastName,
      email: data.email,
      verifiedEmail: data.email,
    },
    occurredAt,
  );

/** identity.user.updated.v1 → the account's current names. */
export const recordUpdatedUser = (
  { users }: Users,
  { data, tx, occurredAt }: ConsumedEvent<typeof userUpdatedV1>,
) =>
  users
    .with(tx)
    .apply(
      { userId: data.userId, username: data.username, firstName: data.firstName, lastName: data.lastName },
      occurredAt,
    );
