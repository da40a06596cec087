import type { CircleRecord } from '../db/circles-repository';

/** One cell's newest listed circles; `complete` when the cell holds no more. */
export interface CircleCell {
  circles: readonly CircleRecord[];
  complete: boolean;
}

export interface CircleCellCacheOptions {
  ttlMs: number;
  maxCells: number;
  load(cells: readonly number[]): Promise<Map<number, CircleCell>>;
  /** The service clock's milliseconds: a next activity's end is on it too; tests move it by hand. */
  nowMs(): number;
}

interface Stored {
  cell: CircleCell;
  /** Its TTL, or sooner: the end of a next activity it shows (the circle's next one changes then). */
  validUntil: number;
}

/**
 * "Circles near you" for signed-out viewers, in this process: each cell's newest listed circles,
 * kept for the feed's cache TTL (FEED_CACHE_MS) or until a next activity they show has ended. The
 * cells a request misses are loaded in one statement, and a cell already loading is waited for.
 *
 * Invalidation: this process's writes clear the cells of the circle they touch once they have
 * committed; other replicas' writes arrive as the circle events, which every replica hears and
 * looks up the circle's cell for (events/cache-invalidation.ts), or age out with the TTL. A load running when its cell is
 * cleared is not kept, so a read begun before a commit cannot put older data back. What it may
 * miss for a TTL: a circle activity deleted or hidden by moderation still shown as next.
 */
export class CircleCellCache {
  private readonly stored = new Map<number, Stored>();
  private readonly pending = new Map<number, Promise<CircleCell>>();

  constructor(private readonly options: CircleCellCacheOptions) {}

  async get(cells: readonly number[]): Promise<Map<number, CircleCell>> {
    const now = this.options.nowMs();
    const result = new Map<number, CircleCell>();
    const missing: number[] = [];
    const waits: Promise<void>[] = [];
    for (const cell of cells) {
      const hit = this.stored.get(cell);
      if (hit && now < hit.validUntil) {
        // Re-inserting keeps the Map in least-recently-used order.
        this.stored.delete(cell);
        this.stored.set(cell, hit);
        result.set(cell, hit.cell);
        continue;
      }
      const inFlight = this.pending.get(cell);
      if (inFlight) waits.push(inFlight.then((loaded) => void result.set(cell, loaded)));
      else missing.push(cell);
    }
    if (missing.length > 0) waits.push(this.loadTogether(missing, now, result));
    await Promise.all(waits);
    return result;
  }

  private loadTogether(cells: number[], loadedAt: number, result: Map<number, CircleCell>): Promise<void> {
    const loading = this.options.load(cells);
    const settled = cells.map((cell) => {
      const promise = loading.then((loaded) => loaded.get(cell) ?? { circles: [], complete: true });
      this.pending.set(cell, promise);
      return promise.then(
        (loaded) => {
          // Only the load still registered for the cell may store: a clear meanwhile voids it.
          if (this.pending.get(cell) === promise) {
            this.pending.delete(cell);
            this.store(cell, loaded, loadedAt);
          }
          result.set(cell, loaded);
        },
        (error: unknown) => {
          if (this.pending.get(cell) === promise) this.pending.delete(cell);
          throw error;
        },
      );
    });
    return Promise.all(settled).then(() => undefined);
  }

  private store(cell: number, loaded: CircleCell, loadedAt: number): void {
    let validUntil = loadedAt + this.options.ttlMs;
    for (const circle of loaded.circles) {
      const endsAt = circle.nextActivity?.endsAt.getTime();
      if (endsAt !== undefined && endsAt < validUntil) validUntil = endsAt;
    }
    this.stored.delete(cell);
    this.stored.set(cell, { cell: loaded, validUntil });
    while (this.stored.size > this.options.maxCells) {
      const oldest = this.stored.keys().next().value;
      if (oldest === undefined) break;
      this.stored.delete(oldest);
    }
  }

  /**
   * A circle in the cell changed (members, name, an activity, closed) or a new one is there. By
   * cell rather than by circle: a circle below the cached few may have risen to the top.
   */
  invalidateCell(cell: number): void {
    this.pending.delete(cell);
    this.stored.delete(cell);
  }

  clear(): void {
    this.pending.clear();
    this.stored.clear();
  }

  get size(): number {
    return this.stored.size;
  }
}
