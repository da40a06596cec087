import type { Exclusions } from '../domain/views';

export interface ViewerExclusionsOptions {
  ttlMs: number;
  quietMs: number;
  maxViewers: number;
  nowMs?: () => number;
}

const NOTHING: Exclusions = { authors: [], posts: [] };

/**
 * What each signed-in viewer must not see in the feed — the people in a block with them, either
 * way, and the posts they reported — remembered per process, so a feed page passes them to the
 * walk as constants (PostgreSQL hashes a constant list) or, for the many viewers with none, adds
 * no condition at all. Read from the database with the first page's marks, never on a round trip
 * of its own (list-feed.ts).
 *
 * A block, unblock or report is heard by every replica (a broadcast): the viewers it names are
 * dropped and not remembered again until `quietMs` after the change, by when the projection
 * the lists are read from has it; meanwhile their pages read the lists inside the query, as
 * without this cache. A missed broadcast is bounded by `ttlMs`.
 */
export class ViewerExclusions {
  private readonly known = new Map<string, { exclusions: Exclusions; until: number }>();
  private readonly changedAt = new Map<string, number>();
  private readonly nowMs: () => number;

  constructor(private readonly options: ViewerExclusionsOptions) {
    this.nowMs = options.nowMs ?? (() => performance.now());
  }

  /** The time to pass back to `remember` with lists read from the database after this call. */
  now(): number {
    return this.nowMs();
  }

  /** The viewer's remembered exclusions, or undefined: read them inside the query. */
  get(viewerId: string): Exclusions | undefined {
    const entry = this.known.get(viewerId);
    if (!entry) return undefined;
    if (entry.until <= this.nowMs()) {
      this.known.delete(viewerId);
      return undefined;
    }
    return entry.exclusions;
  }

  /**
   * Keeps lists read from the database at `readAt` (from `now()`), unless a change naming the
   * viewer came after `readAt - quietMs`: the read may have missed it.
   */
  remember(viewerId: string, exclusions: Exclusions, readAt: number): void {
    const changed = this.changedAt.get(viewerId);
    if (changed !== undefined && changed > readAt - this.options.quietMs) return;
    if (changed !== undefined) this.changedAt.delete(viewerId);
    if (this.known.size >= this.options.maxViewers && !this.known.has(viewerId)) {
      // The oldest remembered goes first (insertion order); it is read again on its next page.
      const oldest = this.known.keys().next();
      if (!oldest.done) this.known.delete(oldest.value);
    }
    const empty = exclusions.authors.length === 0 && exclusions.posts.length === 0;
    this.known.set(viewerId, {
      exclusions: empty ? NOTHING : exclusions,
      until: this.nowMs() + this.options.ttlMs,
    });
  }

  /** A block, unblock or report named these viewers: forget them and hold off remembering. */
  changed(...viewerIds: string[]): void {
    const now = this.nowMs();
    for (const viewerId of viewerIds) {
      this.known.delete(viewerId);
      this.changedAt.set(viewerId, now);
    }
    if (this.changedAt.size > this.options.maxViewers) this.forgetOldChanges(now);
  }

  private forgetOldChanges(now: number): void {
    for (const [viewerId, at] of this.changedAt)
      if (at <= now - this.options.quietMs) this.changedAt.delete(viewerId);
  }
}
