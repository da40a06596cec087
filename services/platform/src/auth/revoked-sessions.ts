import { sessionRevokedV1 } from '@saathi/contracts';
import type { EventBus } from '../ports';

/**
 * Sessions identity has ended whose access tokens have not expired yet. A service refuses those
 * tokens, so a logout or password reset takes effect here at once instead of when the token
 * expires. Entries drop out when their tokens would have expired anyway, so the list stays small.
 */
export class RevokedSessions {
  private readonly until = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  add(sessionIds: readonly string[], validUntilMs: number): void {
    for (const id of sessionIds) this.until.set(id, validUntilMs);
    this.prune();
  }

  has(sessionId: string): boolean {
    const until = this.until.get(sessionId);
    if (until === undefined) return false;
    if (until > this.now()) return true;
    this.until.delete(sessionId);
    return false;
  }

  private prune(): void {
    const now = this.now();
    for (const [id, until] of this.until) if (until <= now) this.until.delete(id);
  }
}

/** A list kept current from identity's `session.revoked` broadcasts (every replica hears every one). */
export async function trackRevokedSessions(bus: EventBus, now?: () => number): Promise<RevokedSessions> {
  const revoked = new RevokedSessions(now);
  await bus.broadcast(sessionRevokedV1, (envelope) =>
    revoked.add(envelope.data.sessionIds, Date.parse(envelope.data.accessTokensValidUntil)),
  );
  return revoked;
}
