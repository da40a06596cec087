/**
 * A token bucket for one user's client events (`message:send`, `typing`). Events on an open
 * socket never pass the gateway's per-address request limit, so the socket path keeps its own:
 * a burst of `burst` events, refilled at `perSecond` — far above a person, far below a script.
 */
export interface SendRate {
  /** Takes one token; false when the socket is over its rate. */
  take(): boolean;
}

export function createSendRate(
  { perSecond, burst }: { perSecond: number; burst: number },
  now: () => number = Date.now,
): SendRate {
  let tokens = burst;
  let last = now();
  return {
    take() {
      const at = now();
      tokens = Math.min(burst, tokens + ((at - last) / 1000) * perSecond);
      last = at;
      if (tokens < 1) return false;
      tokens -= 1;
      return true;
    },
  };
}
