// A refused call's log line (logFailure, shared by the HTTP error handler and messaging's socket
// sends): an overload or an outage fails every call the same way, and formatting each error's
// stack through the source maps cost more CPU than the calls (load-tests/RESULTS.md, issue 28).
import { describe, expect, it } from 'vitest';
import { logFailure, mapError } from './error-handler';

/** An error whose stack is counted when read. */
function watched(message: string): { error: Error; stackReads: () => number } {
  const error = new Error(message);
  let reads = 0;
  Object.defineProperty(error, 'stack', {
    get: () => {
      reads += 1;
      return `Error: ${message}\n    at somewhere`;
    },
  });
  return { error, stackReads: () => reads };
}

function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    lines.push({ level, fields, message });
  return { lines, log: { warn: at('warn'), error: at('error'), debug: at('debug') } as never };
}

describe('logFailure', () => {
  it('writes a pool that is not free in time as one warning with its reason, never reading the stack', () => {
    const { error, stackReads } = watched('timeout exceeded when trying to connect');
    const { lines, log } = recorder();
    const mapped = mapError(error);
    expect(mapped.status).toBe(503);
    logFailure(log, error, mapped, 'socket send failed');
    expect(lines).toEqual([
      {
        level: 'warn',
        fields: { reason: 'timeout exceeded when trying to connect' },
        message: 'Service temporarily unavailable, try again shortly',
      },
    ]);
    expect(stackReads()).toBe(0);
  });

  it('keeps the whole error, stack and all, for a real fault', () => {
    const { error } = watched('boom');
    const { lines, log } = recorder();
    logFailure(log, error, mapError(error), 'socket send failed');
    expect(lines).toEqual([{ level: 'error', fields: { err: error }, message: 'socket send failed' }]);
  });
});
