import { emailVerificationRequestedV2 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';
import type { UserRow } from '../db/schema';

/**
 * `identity.email_verification.requested.v2`: the token travels sealed for the mail worker, so
 * neither the stream nor the mail queue holds it readable; identity itself keeps only its hash.
 */
export function emitEmailVerificationRequested(
  emit: Emit,
  user: Pick<UserRow, 'id' | 'email' | 'username'>,
  sealedToken: string,
  expiresAt: Date,
): void {
  emit(emailVerificationRequestedV2, {
    userId: user.id,
    email: user.email,
    username: user.username,
    sealedToken,
    expiresAt: expiresAt.toISOString(),
  });
}
