// What the Web Push browser files share: a conversation between two new people, waiting for
// something that crosses services, and a stand-in for the browser's push service.
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
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

export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/**
 * A push service on this machine: it answers 201 to every push and keeps what it got. The run's
 * products accept endpoints on 127.0.0.1 (PUSH_ALLOW_LOCAL_ENDPOINTS in shared-config.ts); real
 * browsers' endpoints are on the push services' hosts.
 */
export async function startPushEndpoint() {
  const received: ReceivedPush[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    /** A new endpoint of this service (one per subscription). */
    endpoint: () => `http://127.0.0.1:${port}/push/${randomBytes(12).toString('hex')}`,
    /** Waits for a push to `endpoint`. */
    pushTo: (endpoint: string) =>
      eventually(
        () => Promise.resolve(received.find((push) => endpoint.endsWith(push.path))),
        (push) => push !== undefined,
        `a push to ${endpoint}`,
      ) as Promise<ReceivedPush>,
    received: (endpoint: string) => received.filter((push) => endpoint.endsWith(push.path)),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * A browser's side of a subscription, as `PushSubscription.toJSON()` gives it, with the keys that
 * open what is pushed to it (`open`, RFC 8291's aes128gcm).
 */
export function madeUpSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  const body = {
    endpoint,
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
  };
  /** The plain payload of a push: header (salt, record size, the sender's key), then one record. */
  const open = (push: Buffer): string => {
    const salt = push.subarray(0, 16);
    const idLength = push.readUInt8(20);
    const senderKey = push.subarray(21, 21 + idLength);
    const record = push.subarray(21 + idLength);
    const shared = ecdh.computeSecret(senderKey);
    const info = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, senderKey]);
    const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, info, 32));
    const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const decipher = createDecipheriv('aes-128-gcm', key, nonce);
    decipher.setAuthTag(record.subarray(record.length - 16));
    const plain = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
    // The last record ends with the delimiter 0x02, then padding zeros.
    return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8');
  };
  return { body, open };
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
  subscription: ReturnType<typeof madeUpSubscription>['body'],
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
