import type { IdentityCore } from './identity-core';

/**
 * The minute's housekeeping that keeps secrets short-lived (`db/maintenance.ts`): published
 * reset and verification tokens redacted in the outbox, expired sessions, reset and verification
 * rows deleted. Idempotent, so every replica may run it.
 */
export function sweepExpired(core: Pick<IdentityCore, 'maintenance' | 'clock'>): Promise<void> {
  return core.maintenance.sweep(core.clock.now());
}
