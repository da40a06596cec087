import { createECDH, createDecipheriv, createHmac, randomBytes, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { PushPayload } from '@saathi/contracts';

/** One request a push service received. */
export interface ReceivedPush {
  /** The endpoint's path: which browser it was for. */
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  receivedAt: number;
}

/**
 * A push service on 127.0.0.1 for tests: records every push and answers 201, or what
 * `answer(path)` says (410 for a browser that unsubscribed, 500 for one that keeps failing).
 */
export interface PushEndpoint {
  origin: string;
  received: ReceivedPush[];
  /** The status to answer for a path; 201 when it returns undefined. */
  answer: (path: string) => number | undefined;
  close(): Promise<void>;
}

export async function startPushEndpoint(): Promise<PushEndpoint> {
  const received: ReceivedPush[] = [];
  const endpoint: PushEndpoint = {
    origin: '',
    received,
    answer: () => undefined,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      received.push({ path, headers: request.headers, body: Buffer.concat(chunks), receivedAt: Date.now() });
      response.statusCode = endpoint.answer(path) ?? 201;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  endpoint.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  server.keepAliveTimeout = 1_000;
  return endpoint;
}

const hmac = (key: Buffer, data: Buffer) => createHmac('sha256', key).update(data).digest();

/**
 * A browser's side of a subscription: its P-256 key pair and auth secret, and the decryption of
 * an aes128gcm push (RFC 8291 §3.4, RFC 8188) as the browser does it, written out with node:crypto
 * so the test does not trust the library that encrypted it.
 */
export function browserKeys(): {
  keys: { p256dh: string; auth: string };
  decrypt(body: Buffer): string;
} {
  const ecdh = createECDH('prime256v1');
  const publicKey = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') },
    decrypt(body) {
      // Header: salt (16) | record size (4) | key id length (1) | key id (the server's public key).
      const salt = body.subarray(0, 16);
      const idLength = body.readUInt8(20);
      const serverKey = body.subarray(21, 21 + idLength);
      const ciphertext = body.subarray(21 + idLength);
      const sharedSecret = ecdh.computeSecret(serverKey);
      const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), publicKey, serverKey]);
      const ikm = hmac(hmac(authSecret, sharedSecret), Buffer.concat([keyInfo, Buffer.from([1])]));
      const prk = hmac(salt, ikm);
      const cek = hmac(prk, Buffer.from('Content-Encoding: aes128gcm\0\x01')).subarray(0, 16);
      const nonce = hmac(prk, Buffer.from('Content-Encoding: nonce\0\x01')).subarray(0, 12);
      const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
      decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
      const padded = Buffer.concat([
        decipher.update(ciphertext.subarray(0, ciphertext.length - 16)),
        decipher.final(),
      ]);
      // The last record ends with the delimiter 0x02, then any padding zeros.
      let end = padded.length - 1;
      while (end >= 0 && padded[end] === 0) end -= 1;
      if (padded[end] !== 2) throw new Error('no last-record delimiter');
      return padded.subarray(0, end).toString('utf8');
    },
  };
}

/** A subscription body for the endpoint's path, and how to read what was pushed to it. */
export function testSubscription(endpoint: PushEndpoint, name: string = randomUUID()) {
  const browser = browserKeys();
  const path = `/push/${name}`;
  return {
    body: { endpoint: `${endpoint.origin}${path}`, keys: browser.keys },
    path,
    /** The payloads pushed to this browser so far, decrypted. */
    payloads(): PushPayload[] {
      return endpoint.received
        .filter((push) => push.path === path)
        .map((push) => JSON.parse(browser.decrypt(push.body)) as PushPayload);
    },
    pushes(): ReceivedPush[] {
      return endpoint.received.filter((push) => push.path === path);
    },
  };
}
