// What the Web Push browser files share: a conversation between two new people, waiting for
// something that crosses services, and a stand-in for the browser's push service.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { BrowserContext } from 'playwright-core';

/** Events cross services (identity → messaging and notification in cluster mode): allow them a moment. */
export const LIVE_MS = 20_000;

/** Reads until `done` holds; fails after LIVE_MS naming what it waited for. */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  what: string,
): Promise<T> {
  const deadline = Date.now() + LIVE_MS;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Starts the one conversation of the pair; in cluster mode messaging learns of a new account a moment late. */
export async function startConversation(context: BrowserContext, participantId: string): Promise<string> {
  const deadline = Date.now() + LIVE_MS;
  for (;;) {
    const res = await context.request.post('/api/conversations', { data: { participantId } });
    if (res.status() === 200) return ((await res.json()) as { id: string }).id;
    expect(res.status(), await res.text()).toBe(404);
    if (Date.now() > deadline) throw new Error(`messaging never learned of user ${participantId}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

export async function sendMessage(
  context: BrowserContext,
  conversationId: string,
  content: string,
): Promise<void> {
  const res = await context.request.post('/api/messages', { data: { conversationId, content } });
  expect(res.status(), await res.text()).toBe(201);
}

/** A subscription as `PushSubscription.toJSON()` gives it, for a push service that is not there. */
export function madeUpSubscription() {
  const { publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const jwk = publicKey.export({ format: 'jwk' });
  const point = Buffer.concat([
    Buffer.from([4]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from(jwk.y!, 'base64url'),
  ]);
  return {
    endpoint: `https://push.invalid/send/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: point.toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

/**
 * A stand-in for the browser's push service, installed in every page of `context`. Debian's
 * Chromium has none behind `pushManager.subscribe` (Chrome's needs Google's keys), so subscribing
 * would always fail here. The stand-in answers `subscribe` with `subscription` and records the
 * options it was given (`window.__pushSubscribeOptions`: userVisibleOnly and the key as
 * base64url); it keeps "subscribed" in localStorage so a reload still has it. Everything around
 * it is real: the permission, the worker's registration, the key from the API, the stored
 * subscription.
 */
export async function standInPushService(
  context: BrowserContext,
  subscription: ReturnType<typeof madeUpSubscription>,
): Promise<void> {
  // A string: this runs in the page, and the e2e code has no DOM types.
  await context.addInitScript(`(() => {
    const made = ${JSON.stringify(subscription)};
    const KEY = 'e2e.stand-in-push-subscription';
    const toBase64Url = (buffer) =>
      btoa(String.fromCharCode(...new Uint8Array(buffer))).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
    const fromBase64Url = (text) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const current = () => {
      const key = localStorage.getItem(KEY);
      if (!key) return null;
      return {
        endpoint: made.endpoint,
        options: { userVisibleOnly: true, applicationServerKey: fromBase64Url(key) },
        toJSON: () => ({ endpoint: made.endpoint, expirationTime: null, keys: made.keys }),
        unsubscribe: () => {
          localStorage.removeItem(KEY);
          return Promise.resolve(true);
        },
      };
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(current());
    };
    PushManager.prototype.subscribe = function (options) {
      const key = toBase64Url(options.applicationServerKey);
      window.__pushSubscribeOptions = { userVisibleOnly: options.userVisibleOnly, applicationServerKey: key };
      localStorage.setItem(KEY, key);
      return Promise.resolve(current());
    };
  })();`);
}
