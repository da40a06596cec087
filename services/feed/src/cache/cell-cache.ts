import type { PostView } from '../domain/views';

/** One cell's newest live posts; `complete` when the cell holds no older ones. */
export interface CellEntry {
  views: readonly PostView[];
  complete: boolean;
}

export type CellLoader = (cells: readonly number[]) => Promise<Map<number, CellEntry>>;

export interface CellCacheOptions {
  ttlMs: number;
  maxCells: number;
  load: CellLoader;
  /** Monotonic milliseconds; tests move it by hand. */
  nowMs?: () => number;
}

interface Stored {
  entry: CellEntry;
  loadedAt: number;
}

function sameCounts(a: Readonly<Record<string, number>>, b: Readonly<Record<string, number>>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/** Whether a refreshed view says nothing new (content, place and times never change). */
function sameView(a: PostView, b: PostView): boolean {
  return (
    a.likes === b.likes &&
    a.commentCount === b.commentCount &&
    a.authorName === b.authorName &&
    a.authorInitials === b.authorInitials &&
    sameCounts(a.reactions, b.reactions)
  );
}

/**
 * A refresh usually finds a cell as it was. Keeping the old objects for unchanged posts lets the
 * freshly loaded copies die young (cheap for the garbage collector) instead of replacing
 * long-lived objects every TTL (which costs a full collection later).
 */
function keepUnchanged(previous: CellEntry | undefined, loaded: CellEntry): CellEntry {
  if (!previous) return loaded;
  const before = new Map(previous.views.map((view) => [view.id, view]));
  const views = loaded.views.map((view) => {
    const old = before.get(view.id);
    return old && sameView(old, view) ? old : view;
  });
  const unchanged =
    previous.complete === loaded.complete &&
    views.length === previous.views.length &&
    views.every((view, i) => view === previous.views[i]);
  return unchanged ? previous : { views, complete: loaded.complete };
}

/**
 * The feed's hot cells, in this process: each cell's newest posts, kept for a short TTL and then
 * served for up to one more TTL while a background refresh replaces them. The cells that
 * concurrent requests need and do not have are loaded together in one query, and requests for a
 * cell already being loaded wait for that load.
 *
 * Invalidation: this process's writes clear the cells they touch once their transaction has
 * committed, so an author sees their own post at once; other replicas' writes arrive as the
 * feed's own events (see events/cache-invalidation.ts) or age out with the TTL. A load that was
 * running when its cell was cleared is not kept, so a read begun before a commit cannot put
 * pre-commit data back.
 */
export class CellCache {
  private readonly stored = new Map<number, Stored>();
  private readonly pending = new Map<number, Promise<CellEntry>>();
  /** Which cell a cached post sits in, to clear it by post id (likes, deletions, expiry). */
  private readonly cellOfPost = new Map<string, number>();
  private readonly nowMs: () => number;
  private nextBatch:
    { cells: number[]; entries: Promise<Map<number, CellEntry>>; loadedAt: number } | undefined;

  constructor(private readonly options: CellCacheOptions) {
    this.nowMs = options.nowMs ?? (() => performance.now());
  }

  async get(cells: readonly number[]): Promise<Map<number, CellEntry>> {
    const now = this.nowMs();
    const { ttlMs } = this.options;
    const result = new Map<number, CellEntry>();
    const waits: Promise<void>[] = [];
    const missing: number[] = [];
    const refresh: number[] = [];
    for (const cell of cells) {
      const hit = this.stored.get(cell);
      const age = hit ? now - hit.loadedAt : Infinity;
      if (hit && age < 2 * ttlMs) {
        // Re-inserting keeps the Map in least-recently-used order.
        this.stored.delete(cell);
        this.stored.set(cell, hit);
        result.set(cell, hit.entry);
        // Past its TTL: still served (for at most one more TTL) while a refresh runs behind it,
        // so a busy cell never makes a request wait for the database.
        if (age >= ttlMs && !this.pending.has(cell)) refresh.push(cell);
        continue;
      }
      const inFlight = this.pending.get(cell);
      if (inFlight) waits.push(inFlight.then((entry) => void result.set(cell, entry)));
      else missing.push(cell);
    }
    if (missing.length > 0) waits.push(this.loadTogether(missing, result));
    if (refresh.length > 0) {
      // Nobody waits for a refresh; a failed one leaves the old copy until it is too old to serve.
      this.loadTogether(refresh, new Map()).catch(() => undefined);
    }
    await Promise.all(waits);
    return result;
  }

  /**
   * Queues cells for the next load. Every request that misses cells before the event loop's
   * next check phase joins the same load, so concurrent requests cost one query, not one each.
   */
  private loadTogether(cells: number[], result: Map<number, CellEntry>): Promise<void> {
    if (!this.nextBatch) {
      const batchCells: number[] = [];
      const loadedAt = this.nowMs();
      const entries = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
        this.nextBatch = undefined;
        return this.options.load(batchCells);
      });
      this.nextBatch = { cells: batchCells, entries, loadedAt };
    }
    const batch = this.nextBatch;
    const settled: Promise<void>[] = [];
    for (const cell of cells) {
      batch.cells.push(cell);
      const promise = batch.entries.then((entries) => entries.get(cell) ?? { views: [], complete: true });
      this.pending.set(cell, promise);
      settled.push(
        promise.then(
          (entry) => {
            // Only the load still registered for the cell may store: a clear meanwhile voids it.
            if (this.pending.get(cell) === promise) {
              this.pending.delete(cell);
              result.set(cell, this.store(cell, entry, batch.loadedAt));
            } else {
              result.set(cell, entry);
            }
          },
          (error: unknown) => {
            if (this.pending.get(cell) === promise) this.pending.delete(cell);
            throw error;
          },
        ),
      );
    }
    return Promise.all(settled).then(() => undefined);
  }

  /** Stores a loaded cell and answers what was kept (old objects for unchanged posts). */
  private store(cell: number, loaded: CellEntry, loadedAt: number): CellEntry {
    const entry = keepUnchanged(this.stored.get(cell)?.entry, loaded);
    this.forget(cell);
    this.stored.set(cell, { entry, loadedAt });
    for (const view of entry.views) this.cellOfPost.set(view.id, cell);
    while (this.stored.size > this.options.maxCells) {
      const oldest = this.stored.keys().next().value;
      if (oldest === undefined) break;
      this.forget(oldest);
    }
    return entry;
  }

  private forget(cell: number): void {
    const old = this.stored.get(cell);
    if (!old) return;
    this.stored.delete(cell);
    for (const view of old.entry.views) {
      if (this.cellOfPost.get(view.id) === cell) this.cellOfPost.delete(view.id);
    }
  }

  invalidateCell(cell: number): void {
    this.pending.delete(cell);
    this.forget(cell);
  }

  invalidatePost(postId: string): void {
    const cell = this.cellOfPost.get(postId);
    if (cell !== undefined) this.invalidateCell(cell);
  }

  /** Forgets everything (e.g. an author's name changed, which may show in any cell). */
  clear(): void {
    this.pending.clear();
    this.stored.clear();
    this.cellOfPost.clear();
  }

  get size(): number {
    return this.stored.size;
  }
}
