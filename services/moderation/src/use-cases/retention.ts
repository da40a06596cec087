import type { ModerationCore } from './moderation-core';

/**
 * Reviewed cases and their reports after 180 days, audit rows after 730 (db/retention.ts,
 * docs/privacy.md).
 */
export function applyRetentionPolicy(core: Pick<ModerationCore, 'retention' | 'clock'>): Promise<void> {
  return core.retention.apply(core.clock.now());
}

/** Deleted accounts' ids, once no late event of theirs can still arrive (30 days). */
export function forgetErasedPeople(core: Pick<ModerationCore, 'erasedPeople' | 'clock'>): Promise<number> {
  return core.erasedPeople.prune(core.clock.now());
}
