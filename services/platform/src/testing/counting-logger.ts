import type { PortLogger } from '../events/logger';

/**
 * A PortLogger that counts messages, so a fault test can prove the fault really overlapped the
 * work (e.g. "outbox publish failed; will retry", "nats reconnected").
 */
export function countingLogger(): { logger: PortLogger; counts: Map<string, number> } {
  const counts = new Map<string, number>();
  const record = (...args: unknown[]) => {
    const message = args.find((arg): arg is string => typeof arg === 'string') ?? '';
    counts.set(message, (counts.get(message) ?? 0) + 1);
  };
  const logger: PortLogger = { debug: record, info: record, warn: record, error: record };
  return { logger, counts };
}
