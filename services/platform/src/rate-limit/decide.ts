import type { RateDecision, RateRule } from '../ports';

/** One key's counter: attempts in the window, when it is forgotten, and when the next may come. */
export interface RateState {
  count: number;
  resetAtMs: number;
  nextAtMs: number;
}

const ALLOWED: RateDecision = { allowed: true, retryAfterSeconds: 0 };

function refused(waitMs: number): RateDecision {
  return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
}

/**
 * The rule both adapters apply (the Redis adapter runs the same steps in Lua): a fixed window
 * of `limit` attempts, or with `backoff`, waits that double from the `limit`-th attempt on.
 * Returns the decision and the state to store (unchanged when refused).
 */
export function decide(
  previous: RateState | undefined,
  rule: RateRule,
  nowMs: number,
): { decision: RateDecision; state: RateState | undefined } {
  const state: RateState =
    previous && previous.resetAtMs > nowMs
      ? { ...previous }
      : { count: 0, resetAtMs: nowMs + rule.windowMs, nextAtMs: 0 };
  if (nowMs < state.nextAtMs) return { decision: refused(state.nextAtMs - nowMs), state: previous };
  if (!rule.backoff && state.count >= rule.limit)
    return { decision: refused(state.resetAtMs - nowMs), state: previous };
  state.count += 1;
  if (rule.backoff) {
    if (state.count >= rule.limit) {
      const wait = Math.min(rule.backoff.maxMs, rule.backoff.baseMs * 2 ** (state.count - rule.limit));
      state.nextAtMs = nowMs + wait;
    }
    state.resetAtMs = Math.max(nowMs + rule.windowMs, state.nextAtMs);
  }
  return { decision: ALLOWED, state };
}
