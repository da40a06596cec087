import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TYPING_INDICATOR_MS } from '@saathi/contracts';
import {
  clearTyping,
  readReceiptIn,
  receiveReceipt,
  receiveTyping,
  resetLiveState,
  typingUserIn,
} from './live-store';

const ME = '00000000-0000-4000-8000-000000000001';
const YOU = '00000000-0000-4000-8000-000000000002';
const CONV = '00000000-0000-4000-8000-0000000000c1';

beforeEach(() => vi.useFakeTimers());
afterEach(() => {
  resetLiveState();
  vi.useRealTimers();
});

describe('typing', () => {
  it('shows the other person typing until the indicator fades', () => {
    receiveTyping({ conversationId: CONV, userId: YOU, typing: true }, ME);
    expect(typingUserIn(CONV)).toBe(YOU);
    vi.advanceTimersByTime(TYPING_INDICATOR_MS - 1);
    expect(typingUserIn(CONV)).toBe(YOU);
    vi.advanceTimersByTime(1);
    expect(typingUserIn(CONV)).toBeUndefined();
  });

  it('a refresh restarts the fade; a stop or their message ends it at once', () => {
    receiveTyping({ conversationId: CONV, userId: YOU, typing: true }, ME);
    vi.advanceTimersByTime(TYPING_INDICATOR_MS - 100);
    receiveTyping({ conversationId: CONV, userId: YOU, typing: true }, ME);
    vi.advanceTimersByTime(200);
    expect(typingUserIn(CONV)).toBe(YOU);
    receiveTyping({ conversationId: CONV, userId: YOU, typing: false }, ME);
    expect(typingUserIn(CONV)).toBeUndefined();

    receiveTyping({ conversationId: CONV, userId: YOU, typing: true }, ME);
    clearTyping(CONV, YOU);
    expect(typingUserIn(CONV)).toBeUndefined();
  });

  it('ignores the viewer’s own typing echoed back', () => {
    receiveTyping({ conversationId: CONV, userId: ME, typing: true }, ME);
    expect(typingUserIn(CONV)).toBeUndefined();
  });
});

describe('read receipts', () => {
  const receipt = (userId: string) => ({
    conversationId: CONV,
    userId,
    lastReadMessageId: '00000000-0000-4000-8000-0000000000f1',
    readAt: '2026-01-01T00:00:00.000Z',
  });

  it('keeps the other person’s receipt, not the viewer’s own', () => {
    receiveReceipt(receipt(ME), ME);
    expect(readReceiptIn(CONV)).toBeUndefined();
    receiveReceipt(receipt(YOU), ME);
    expect(readReceiptIn(CONV)?.userId).toBe(YOU);
    resetLiveState();
    expect(readReceiptIn(CONV)).toBeUndefined();
  });
});
