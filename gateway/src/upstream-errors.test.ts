import { describe, expect, it } from 'vitest';
import { classifyUpstreamError } from './upstream-errors';

const wrapped = (code: string) =>
  Object.assign(new Error('proxy failed'), {
    code: 'FST_REPLY_FROM_INTERNAL_SERVER_ERROR',
    cause: Object.assign(new Error(code), { code }),
  });

describe('classifyUpstreamError', () => {
  it('treats refused, unresolvable and unconnectable services as unavailable', () => {
    for (const code of [
      'ECONNREFUSED',
      'ENOTFOUND',
      'EHOSTUNREACH',
      'UND_ERR_CONNECT_TIMEOUT',
      'UND_ERR_SOCKET',
    ]) {
      expect(classifyUpstreamError(wrapped(code))).toBe('unavailable');
    }
  });

  it('treats a service that does not answer in time as a timeout', () => {
    expect(classifyUpstreamError(wrapped('UND_ERR_HEADERS_TIMEOUT'))).toBe('timeout');
    expect(classifyUpstreamError({ code: 'FST_REPLY_FROM_GATEWAY_TIMEOUT' })).toBe('timeout');
  });

  it('calls anything else a bad gateway', () => {
    expect(classifyUpstreamError(new Error('weird'))).toBe('bad-gateway');
    expect(classifyUpstreamError(undefined)).toBe('bad-gateway');
  });
});
