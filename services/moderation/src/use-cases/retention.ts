import type { ModerationCore } from './moderation-core';

/**
 * Reviewed cases and their reports after 180 days, audit rows after 730 (db/retention.ts,
 * docs/privacy.md).
 */
export function applyRetentionPolicy(deps: Pick<ModerationCore, 'retention' | 'clock'>): Promise<void> {
  return deps.retention.apply(deps.clock.now());
}

/** Deleted accounts' ids, once no late event of theirs can still arrive (30 days). */
export function forgetErasedPeople(deps: Pick<ModerationCore, 'erasedPeople' | 'clock'>): Promise<number> {
  return deps.erasedPeople.prune(deps.clock.now());
}
