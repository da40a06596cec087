/** A post stays in the feed this long (docs/product.md#posts). */
export const POST_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export function expiresAtFor(createdAt: Date): Date {
  return new Date(createdAt.getTime() + POST_LIFETIME_MS);
}

/** Emoji → count; an emoji appears only while its count is above zero. */
export type ReactionCounts = Record<string, number>;

/** Zeros (or anything not a positive count) left out, as the feed shows reactions. */
export function positiveCounts(counts: Record<string, unknown>): ReactionCounts {
  const result: ReactionCounts = {};
  for (const [emoji, value] of Object.entries(counts)) {
    if (typeof value === 'number' && value > 0) result[emoji] = value;
  }
  return result;
}

/** Newest first, then by id: one total order, so pages never overlap. */
export function newestFirst(a: { createdAt: Date; id: string }, b: { createdAt: Date; id: string }): number {
  const byTime = b.createdAt.getTime() - a.createdAt.getTime();
  if (byTime !== 0) return byTime;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
