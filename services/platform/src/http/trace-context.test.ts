import { describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { traceIdFromTraceparent, traceOf, traceparentFor } from './trace-context';

describe('W3C trace context', () => {
  it('takes the trace id of a valid traceparent and refuses malformed or all-zero ones', () => {
    expect(traceIdFromTraceparent('00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01')).toBe(
      '4bf92f3577b34da6a3ce929d0e0e4736',
    );
    for (const bad of [
      undefined,
      '',
      '01-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01',
      '00-00000000000000000000000000000000-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e4736-0000000000000000-01',
      '00-4BF92F3577B34DA6A3CE929D0E0E4736-00f067aa0ba902b7-01',
      '00-4bf92f3577b34da6a3ce929d0e0e473-00f067aa0ba902b7-01',
      "00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01'; drop table",
    ])
      expect(traceIdFromTraceparent(bad), String(bad)).toBeNull();
  });

  it('continues the caller’s trace, or starts one, once per request; passes it on as a new span', () => {
    const continued = { headers: { traceparent: '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01' } };
    expect(traceOf(continued as unknown as IncomingMessage)).toBe('4bf92f3577b34da6a3ce929d0e0e4736');
    const fresh = { headers: {} } as unknown as IncomingMessage;
    const started = traceOf(fresh);
    expect(started).toMatch(/^[0-9a-f]{32}$/);
    expect(traceOf(fresh)).toBe(started);
    const next = traceparentFor(started);
    expect(traceIdFromTraceparent(next)).toBe(started);
    expect(next).not.toBe(traceparentFor(started));
  });
});
