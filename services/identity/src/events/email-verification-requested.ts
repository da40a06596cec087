import { emailVerificationRequestedV1 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';
import type { UserRow } from '../db/schema';

/**
 * `identity.email_verification.requested.v1`: carries the raw token so notification can mail the
 * link; identity itself keeps only its hash.
 */
export function emitEmailVerificationRequested(
  emit: Emit,
  user: UserRow,
  token: string,
  expiresAt: Date,
): void {
  emit(emailVerificationRequestedV1, {
    userId: user.id,
    email: user.email,
    username: user.username,
    token,
    expiresAt: expiresAt.toISOString(),
  });
}
