import { MAX_ACCESS_TOKEN_TTL_SECONDS, sessionRevokedV1 } from '@saathi/contracts';
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

/**
 * A list kept current from identity's `session.revoked` broadcasts (every replica hears every
 * one). It starts with the revocations of the last MAX_ACCESS_TOKEN_TTL_SECONDS — every one
 * whose tokens could still be valid — replayed from the bus before this resolves, so a replica
 * that starts after a logout refuses that session's token as the others do.
 */
export async function trackRevokedSessions(
  bus: EventBus,
  now: () => number = Date.now,
): Promise<RevokedSessions> {
  const revoked = new RevokedSessions(now);
  await bus.broadcast(
    sessionRevokedV1,
    (envelope) => revoked.add(envelope.data.sessionIds, Date.parse(envelope.data.accessTokensValidUntil)),
    { replayFrom: new Date(Date.now() - MAX_ACCESS_TOKEN_TTL_SECONDS * 1000) },
  );
  return revoked;
}
