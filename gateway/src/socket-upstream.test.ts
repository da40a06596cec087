import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { socketUpstreamPicker } from './proxy';

const A = 'http://127.0.0.1:4003';
const B = 'http://127.0.0.1:4013';
const request = (url: string, upgrade: boolean) => ({ url, raw: { upgrade } as unknown as IncomingMessage });

describe('which messaging replica a Socket.IO request reaches', () => {
  it('spreads websocket-only connections over the replicas in turn', () => {
    const pick = socketUpstreamPicker([A, B]);
    const picks = [1, 2, 3, 4].map(() => pick(request('/socket.io/?EIO=4&transport=websocket', true)));
    expect(picks).toEqual([B, A, B, A]);
  });

  it('keeps long-polling and the upgrade of a polling session on the first replica', () => {
    const pick = socketUpstreamPicker([A, B]);
    expect(pick(request('/socket.io/?EIO=4&transport=polling', false))).toBe(A);
    expect(pick(request('/socket.io/?EIO=4&transport=polling&sid=abc', false))).toBe(A);
    expect(pick(request('/socket.io/?EIO=4&transport=websocket&sid=abc', true))).toBe(A);
  });

  it('refuses to start without a replica', () => {
    expect(() => socketUpstreamPicker([])).toThrow('at least one messaging origin');
  });
});
