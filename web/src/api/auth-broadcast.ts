// Tabs of one origin share the session cookies: a sign-out in one ends the session in all of
// them. This tells the other tabs at once, over BroadcastChannel 'saathi-auth', or where a
// browser has none, over a localStorage write (other tabs hear it as a `storage` event). A tab
// never hears its own messages either way.

export const AUTH_CHANNEL = 'saathi-auth';

/** `signed-out`: the session is over. `signed-in`: this tab's session belongs to `userId`. */
export type AuthMessage = { type: 'signed-out' } | { type: 'signed-in'; userId: string };

export type AuthListener = (message: AuthMessage) => void;

export interface AuthChannel {
  post(message: AuthMessage): void;
  subscribe(listener: AuthListener): () => void;
  close(): void;
}

/** What the channel needs of `window` (the unit test passes stand-ins). */
export interface AuthChannelHost {
  BroadcastChannel?: typeof BroadcastChannel | undefined;
  localStorage?: Pick<Storage, 'setItem' | 'removeItem'> | undefined;
  addEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
  removeEventListener?: (type: 'storage', listener: (event: StorageEvent) => void) => void;
}

/** A message another tab (or anything else writing the same key) sent, or null when it is none. */
export function parseAuthMessage(data: unknown): AuthMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const { type, userId } = data as { type?: unknown; userId?: unknown };
  if (type === 'signed-out') return { type };
  if (type === 'signed-in' && typeof userId === 'string' && userId !== '') return { type, userId };
  return null;
}

function readStorageValue(value: string | null): AuthMessage | null {
  if (!value) return null; // the removal right after each write
  try {
    return parseAuthMessage(JSON.parse(value));
  } catch {
    return null;
  }
}

/** Storage is unavailable or full (private modes): the other tabs then learn from the server. */
function tryStorage(write: () => void): void {
  try {
    write();
  } catch {
    // nothing else to tell them with
  }
}

function hostWindow(): AuthChannelHost {
  return typeof window === 'undefined' ? {} : window;
}

function openBroadcastChannel(host: AuthChannelHost): BroadcastChannel | null {
  if (!host.BroadcastChannel) return null;
  try {
    return new host.BroadcastChannel(AUTH_CHANNEL);
  } catch {
    return null; // e.g. a sandboxed document without an origin of its own: try storage instead
  }
}

export function createAuthChannel(host: AuthChannelHost = hostWindow()): AuthChannel {
  const listeners = new Set<AuthListener>();
  const subscribe = (listener: AuthListener) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const deliver = (message: AuthMessage | null) => {
    if (message) for (const listener of listeners) listener(message);
  };

  const channel = openBroadcastChannel(host);
  if (channel) {
    channel.onmessage = (event: MessageEvent) => deliver(parseAuthMessage(event.data));
    return {
      post: (message) => channel.postMessage(message),
      subscribe,
      close: () => {
        listeners.clear();
        channel.close();
      },
    };
  }

  const storage = host.localStorage;
  const onStorage = (event: StorageEvent) => {
    if (event.key === AUTH_CHANNEL) deliver(readStorageValue(event.newValue));
  };
  host.addEventListener?.('storage', onStorage);
  let sent = 0;
  return {
    post: (message) => {
      if (!storage) return;
      // A different value each time, or writing the same message twice would not be heard; the
      // key is removed at once, so nothing is left behind.
      sent += 1;
      const value = JSON.stringify({ ...message, at: Date.now(), n: sent });
      tryStorage(() => {
        storage.setItem(AUTH_CHANNEL, value);
        storage.removeItem(AUTH_CHANNEL);
      });
    },
    subscribe,
    close: () => {
      listeners.clear();
      host.removeEventListener?.('storage', onStorage);
    },
  };
}

let shared: AuthChannel | undefined;

/** This tab's channel, opened on first use. */
export function authChannel(): AuthChannel {
  shared ??= createAuthChannel();
  return shared;
}
