import { createHash } from 'node:crypto';
import webpush from 'web-push';
import type { PushPayload } from '@saathi/contracts';

export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What the push service answered; `status` 0 when it could not be reached. */
export interface PushAnswer {
  status: number;
  error?: string;
}

/** The Topic header (RFC 8030 §5.4: at most 32 base64url characters): the push service keeps one per tag. */
export const topicOf = (tag: string) => createHash('sha256').update(tag).digest('base64url').slice(0, 32);

/**
 * Sends one push: web-push encrypts the payload for the browser (aes128gcm, RFC 8291) and signs
 * the VAPID header (RFC 8292); the request itself goes through fetch, which speaks http too (a
 * test's local endpoint) and gives up after `timeoutMs`.
 */
export async function sendWebPush(
  target: PushTarget,
  payload: PushPayload,
  options: { vapid: VapidKeys; ttlSeconds: number; timeoutMs?: number; urgency?: 'normal' | 'high' },
): Promise<PushAnswer> {
  const request = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    JSON.stringify(payload),
    {
      vapidDetails: options.vapid,
      TTL: options.ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: options.urgency ?? 'normal',
      topic: topicOf(payload.tag),
    },
  );
  try {
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body,
      redirect: 'error',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
    });
    // The body is small and of no use; reading it frees the connection.
    await response.arrayBuffer().catch(() => undefined);
    return { status: response.status };
  } catch (err) {
    return { status: 0, error: (err as Error).message };
  }
}
