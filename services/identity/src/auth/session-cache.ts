import type { Clock } from '@saathi/platform';
import type { SessionRow, UserRow } from '../db/schema';

export interface SessionWithUser {
  session: SessionRow;
  user: UserRow;
}

/**
 * Remembers signed-in lookups (session row + user row) for a moment, so a page's burst of
 * authenticated calls does not each cost a database round trip. Any session or user write in
 * this process clears it at once (logout here is refused here immediately); another identity
 * replica's cached copy can lag a write by at most `ttlMs`. A lookup read before a clear is not
 * kept (`readStarted`): a request racing the write would otherwise put the old rows back.
 */
export class SessionCache {
  private readonly entries = new Map<string, { value: SessionWithUser; expiresAtMs: number }>();
  /** Counts clears: a lookup keeps its rows only if none happened while it read them. */
  private clears = 0;

  constructor(
    private readonly ttlMs: number,
    private readonly clock: Clock,
    private readonly maxEntries = 10_000,
  ) {}

  get(sid: string): SessionWithUser | undefined {
    const entry = this.entries.get(sid);
    if (!entry) return undefined;
    if (entry.expiresAtMs > this.clock.now().getTime()) return entry.value;
    this.entries.delete(sid);
    return undefined;
  }

  /** Call before reading the rows; pass the answer to `set`. */
  readStarted(): number {
    return this.clears;
  }

  set(sid: string, value: SessionWithUser, readStarted: number): void {
    if (this.ttlMs <= 0 || readStarted !== this.clears) return;
    const oldest = this.entries.size >= this.maxEntries ? this.entries.keys().next().value : undefined;
    if (oldest !== undefined) this.entries.delete(oldest);
    this.entries.set(sid, { value, expiresAtMs: this.clock.now().getTime() + this.ttlMs });
  }

  /** Writes are rare next to reads: forgetting everything is simpler and safe. */
  clear(): void {
    this.clears += 1;
    this.entries.clear();
  }
}
