// The channel a tab tells the others it signed out on: BroadcastChannel where there is one (Node
// has it too), otherwise a localStorage write the other tabs hear as a `storage` event.
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  AUTH_CHANNEL,
  createAuthChannel,
  parseAuthMessage,
  type AuthChannel,
  type AuthChannelHost,
  type AuthMessage,
} from './auth-broadcast';

const opened: AuthChannel[] = [];
function open(host: AuthChannelHost): AuthChannel {
  const channel = createAuthChannel(host);
  opened.push(channel);
  return channel;
}

afterEach(() => {
  for (const channel of opened.splice(0)) channel.close();
});

/** A tab's `window` without BroadcastChannel: a storage stub and its `storage` listeners. */
function storageHost() {
  const writes: [string, string | null][] = [];
  const listeners = new Set<(event: StorageEvent) => void>();
  const host: AuthChannelHost = {
    localStorage: {
      setItem: (key, value) => void writes.push([key, value]),
      removeItem: (key) => void writes.push([key, null]),
    },
    addEventListener: (_type, listener) => void listeners.add(listener),
    removeEventListener: (_type, listener) => void listeners.delete(listener),
  };
  /** What another tab's write looks like here. */
  const hear = (key: string | null, newValue: string | null) => {
    for (const listener of listeners) listener({ key, newValue } as StorageEvent);
  };
  return { host, writes, listeners, hear };
}

describe('parseAuthMessage', () => {
  it('accepts the two messages and nothing else', () => {
    expect(parseAuthMessage({ type: 'signed-out' })).toEqual({ type: 'signed-out' });
    expect(parseAuthMessage({ type: 'signed-out', at: 1 })).toEqual({ type: 'signed-out' });
    expect(parseAuthMessage({ type: 'signed-in', userId: 'u1', n: 2 })).toEqual({
      type: 'signed-in',
      userId: 'u1',
    });
    for (const junk of [
      null,
      undefined,
      'signed-out',
      42,
      {},
      { type: 'signed-in' },
      { type: 'signed-in', userId: '' },
      { type: 'signed-in', userId: 7 },
      { type: 'logout' },
    ])
      expect(parseAuthMessage(junk)).toBeNull();
  });
});

describe('createAuthChannel over BroadcastChannel', () => {
  it("reaches the other tabs' listeners, not the sender's own, and drops what is no message", async () => {
    const tabA = open({ BroadcastChannel });
    const tabB = open({ BroadcastChannel });
    const heardByA: AuthMessage[] = [];
    const heardByB: AuthMessage[] = [];
    tabA.subscribe((message) => heardByA.push(message));
    const stopB = tabB.subscribe((message) => heardByB.push(message));

    const stranger = new BroadcastChannel(AUTH_CHANNEL);
    stranger.postMessage({ type: 'wipe-everything' });
    stranger.close();
    tabA.post({ type: 'signed-in', userId: 'u1' });
    tabA.post({ type: 'signed-out' });
    await vi.waitFor(() => expect(heardByB).toHaveLength(2));
    expect(heardByB).toEqual([{ type: 'signed-in', userId: 'u1' }, { type: 'signed-out' }]);
    expect(heardByA).toEqual([]);

    stopB();
    tabA.post({ type: 'signed-out' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heardByB).toHaveLength(2);
  });
});

describe('createAuthChannel without BroadcastChannel', () => {
  it('writes a new value each time under saathi-auth and removes it at once', () => {
    const { host, writes } = storageHost();
    const tab = open(host);
    tab.post({ type: 'signed-out' });
    tab.post({ type: 'signed-out' });
    expect(writes.map(([key]) => key)).toEqual([AUTH_CHANNEL, AUTH_CHANNEL, AUTH_CHANNEL, AUTH_CHANNEL]);
    const [first, removal, second] = writes.map(([, value]) => value);
    expect(removal).toBeNull();
    expect(parseAuthMessage(JSON.parse(first!))).toEqual({ type: 'signed-out' });
    // The same message twice is still two changes, so the other tabs hear both.
    expect(second).not.toBe(first);
  });

  it("hears the other tabs' writes of its key only, and nothing after close", () => {
    const { host, listeners, hear } = storageHost();
    const tab = open(host);
    const heard: AuthMessage[] = [];
    tab.subscribe((message) => heard.push(message));

    hear(AUTH_CHANNEL, JSON.stringify({ type: 'signed-in', userId: 'u2', at: 1 }));
    hear(AUTH_CHANNEL, null); // the removal that follows every write
    hear('saathi-location', JSON.stringify({ type: 'signed-out' }));
    hear(AUTH_CHANNEL, '{not json');
    hear(null, null); // localStorage.clear() elsewhere
    hear(AUTH_CHANNEL, JSON.stringify({ type: 'signed-out', at: 2 }));
    expect(heard).toEqual([{ type: 'signed-in', userId: 'u2' }, { type: 'signed-out' }]);

    tab.close();
    expect(listeners.size).toBe(0);
  });

  it('never throws when storage refuses writes or is missing altogether', () => {
    const refusing = open({
      localStorage: {
        setItem: () => {
          throw new DOMException('quota', 'QuotaExceededError');
        },
        removeItem: () => undefined,
      },
    });
    expect(() => refusing.post({ type: 'signed-out' })).not.toThrow();
    const bare = open({});
    expect(() => bare.post({ type: 'signed-in', userId: 'u1' })).not.toThrow();
    expect(() => bare.subscribe(() => undefined)()).not.toThrow();
  });

  it('falls back to storage when BroadcastChannel cannot be opened', () => {
    const { host, writes } = storageHost();
    const Refusing = function () {
      throw new DOMException('no origin', 'SecurityError');
    } as unknown as typeof BroadcastChannel;
    open({ ...host, BroadcastChannel: Refusing }).post({ type: 'signed-out' });
    expect(writes).toHaveLength(2);
  });
});
