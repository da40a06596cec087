import { PushMessages } from '@saathi/contracts';
import type { Mute, MuteBody, MuteKind, NoticeSettings, PushSubscriptionBody } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * Whether the server may send to this endpoint. The contract takes https or a local http URL;
 * here only the browsers' push services (PUSH_ENDPOINT_HOSTS) pass, so a subscription cannot
 * make the service call arbitrary hosts, and local ones only where configured (tests).
 */
export function isAllowedEndpoint(
  config: Pick<NotificationCore['config'], 'PUSH_ENDPOINT_HOSTS' | 'PUSH_ALLOW_LOCAL_ENDPOINTS'>,
  endpoint: string,
): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.toLowerCase();
  if (LOCAL_HOSTS.has(host)) return config.PUSH_ALLOW_LOCAL_ENDPOINTS;
  if (url.protocol !== 'https:') return false;
  return config.PUSH_ENDPOINT_HOSTS.some((allowed) => host === allowed || host.endsWith(`.${allowed}`));
}

/** The VAPID public key browsers subscribe with; 404 where pushes are not configured. */
export function pushKey(deps: Pick<NotificationCore, 'config'>): { publicKey: string } {
  const publicKey = deps.config.VAPID_PUBLIC_KEY;
  if (!publicKey) throw httpErrors.notFound('Push notifications are not set up here');
  return { publicKey };
}

export async function savePushSubscription(
  deps: Pick<NotificationCore, 'pushSubscriptions' | 'clock' | 'config'>,
  user: AuthUser,
  body: PushSubscriptionBody,
): Promise<void> {
  if (!isAllowedEndpoint(deps.config, body.endpoint))
    throw httpErrors.badRequest(PushMessages.invalidEndpoint);
  // The browser's key is an uncompressed P-256 point and the secret 16 bytes (RFC 8291): anything
  // else could never be encrypted for, and would only fail every push.
  const point = Buffer.from(body.keys.p256dh, 'base64url');
  const secret = Buffer.from(body.keys.auth, 'base64url');
  if (point.length !== 65 || point[0] !== 0x04 || secret.length !== 16)
    throw httpErrors.badRequest(PushMessages.invalidKeys);
  await deps.pushSubscriptions.saveOwn(user.id, body, deps.clock.now());
}

export async function deletePushSubscription(
  deps: Pick<NotificationCore, 'pushSubscriptions'>,
  user: AuthUser,
  endpoint: string,
): Promise<void> {
  await deps.pushSubscriptions.deleteOwn(user.id, endpoint);
}

export function noticeSettingsOf(
  deps: Pick<NotificationCore, 'noticeSettings'>,
  user: AuthUser,
): Promise<NoticeSettings> {
  return deps.noticeSettings.getOwn(user.id);
}

export async function saveNoticeSettings(
  deps: Pick<NotificationCore, 'noticeSettings' | 'clock'>,
  user: AuthUser,
  settings: NoticeSettings,
): Promise<NoticeSettings> {
  await deps.noticeSettings.saveOwn(user.id, settings, deps.clock.now());
  return deps.noticeSettings.getOwn(user.id);
}

export async function listMutes(
  deps: Pick<NotificationCore, 'noticeSettings' | 'clock'>,
  user: AuthUser,
): Promise<{ mutes: Mute[] }> {
  return { mutes: await deps.noticeSettings.listOwnMutes(user.id, deps.clock.now()) };
}

const MUTE_MS = { '1h': 60 * 60_000, '8h': 8 * 60 * 60_000, '1d': 24 * 60 * 60_000 } as const;

/**
 * Mutes a conversation or an activity thread for the caller alone: it silences their pushes and
 * mails about it and nothing else (it still counts as unread), so any id may be muted — it only
 * ever touches the caller's own row, and reveals nothing about the thing muted.
 */
export async function mute(
  deps: Pick<NotificationCore, 'noticeSettings' | 'clock'>,
  user: AuthUser,
  body: MuteBody,
): Promise<Mute> {
  const now = deps.clock.now();
  const until = body.duration === 'forever' ? null : new Date(now.getTime() + MUTE_MS[body.duration]);
  await deps.noticeSettings.muteOwn(user.id, body.kind, body.id, until);
  return { kind: body.kind, id: body.id, until: until?.toISOString() ?? null };
}

export async function unmute(
  deps: Pick<NotificationCore, 'noticeSettings'>,
  user: AuthUser,
  kind: MuteKind,
  id: string,
): Promise<void> {
  await deps.noticeSettings.unmuteOwn(user.id, kind, id);
}
