import type { RateDecision, RateLimiter, RateRule } from '../ports';
import { decide } from './decide';
import type { RateState } from './decide';

export interface MemoryRateLimiterOptions {
  /** Keys kept at most; past it, forgotten keys go first, then the oldest half (a key-spraying attack). */
  maxKeys?: number;
}

/** Counters in this process's memory: embedded mode, where there is one process. */
export function createMemoryRateLimiter(options: MemoryRateLimiterOptions = {}): RateLimiter {
  const maxKeys = options.maxKeys ?? 100_000;
  const states = new Map<string, RateState>();

  function sweep(nowMs: number): void {
    for (const [key, state] of states) if (state.resetAtMs <= nowMs) states.delete(key);
    if (states.size < maxKeys) return;
    let drop = Math.floor(states.size / 2);
    for (const key of states.keys()) {
      if (drop-- <= 0) break;
      states.delete(key);
    }
  }

  return {
    kind: 'memory',

    reserve(key: string, rule: RateRule, now: Date): Promise<RateDecision> {
      const nowMs = now.getTime();
      // Synchronous from read to write: nothing can interleave, so the count is exact.
      const { decision, state } = decide(states.get(key), rule, nowMs);
      if (state && decision.allowed) {
        if (!states.has(key) && states.size >= maxKeys) sweep(nowMs);
        states.set(key, state);
      }
      return Promise.resolve(decision);
    },

    refund(key: string): Promise<void> {
      const state = states.get(key);
      if (state && state.count > 0) state.count -= 1;
      return Promise.resolve();
    },

    reset(key: string): Promise<void> {
      states.delete(key);
      return Promise.resolve();
    },

    close(): Promise<void> {
      states.clear();
      return Promise.resolve();
    },
  };
}
