import { passwordResetRequestedV1 } from '@saathi/contracts';
import type { Emit } from '@saathi/platform';
import type { UserRow } from '../db/schema';

/**
 * `identity.password_reset.requested.v1`: carries the raw token so notification can mail the
 * link; identity itself keeps only its hash.
 */
export function emitPasswordResetRequested(emit: Emit, user: UserRow, token: string, expiresAt: Date): void {
  emit(passwordResetRequestedV1, {
    userId: user.id,
    email: user.email,
    username: user.username,
    token,
    expiresAt: expiresAt.toISOString(),
  });
}
