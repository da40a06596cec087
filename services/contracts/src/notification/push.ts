import { z } from 'zod';
import { defineRoute } from '../http/route';

/**
 * Web Push and what reaches whom (docs/notifications.md#web-push). Notification owns the
 * subscriptions, the per-kind channels, quiet hours and mutes; the web app's service worker and
 * its Notifications settings call these routes.
 */

/** The kinds a person chooses a channel for. Every notification type falls in one (`noticeKindOf`). */
export const NOTICE_KINDS = [
  'messages',
  'requests',
  'comments',
  'reactions',
  'activity',
  'reminders',
] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** How a kind reaches someone who is away: a push, a mail, both, or neither (the bell always shows it). */
export const NOTICE_CHANNELS = ['push', 'mail', 'both', 'none'] as const;
export type NoticeChannel = (typeof NOTICE_CHANNELS)[number];

export const PushMessages = {
  invalidEndpoint: 'Push endpoint must be an https URL',
  invalidKeys: 'Push subscription keys are missing or malformed',
  invalidTime: 'Use a time like 22:00',
  invalidTimeZone: 'Unknown time zone',
  sameQuietHours: 'Quiet hours must start and end at different times',
  muteNotFound: 'Mute not found',
} as const;

const channelSchema = z.enum(NOTICE_CHANNELS, 'Choose push, mail, both or none');

/** Hours and minutes on a 24-hour clock, `00:00`–`23:59`. */
const clockTimeSchema = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, PushMessages.invalidTime);

/** True when this runtime knows the IANA zone (`Asia/Kolkata`); Intl throws a RangeError otherwise. */
export function isKnownTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

export const quietHoursSchema = z
  .object({
    /** Local time quiet hours begin; `to` may be earlier, meaning the next morning (22:00–07:00). */
    from: clockTimeSchema,
    to: clockTimeSchema,
    timeZone: z.string().min(1).max(64).refine(isKnownTimeZone, PushMessages.invalidTimeZone),
  })
  .refine((hours) => hours.from !== hours.to, { message: PushMessages.sameQuietHours, path: ['to'] });
export type QuietHours = z.infer<typeof quietHoursSchema>;

export const noticeSettingsSchema = z.object({
  channels: z.object({
    messages: channelSchema,
    /** Message requests: a first message from someone the person does not talk with yet. */
    requests: channelSchema,
    comments: channelSchema,
    /** Likes and emoji reactions. */
    reactions: channelSchema,
    /** Activity updates: asked to join, accepted, declined, closed, the next week, how did it go… */
    activity: channelSchema,
    /** "Still going?" before an activity starts; still pushed during quiet hours. */
    reminders: channelSchema,
  }),
  quietHours: quietHoursSchema.nullable(),
});
export type NoticeSettings = z.infer<typeof noticeSettingsSchema>;

/** What someone who never opened the settings gets. Mail keeps going where it always went. */
export const DEFAULT_NOTICE_SETTINGS: NoticeSettings = {
  channels: {
    messages: 'both',
    requests: 'push',
    comments: 'push',
    reactions: 'none',
    activity: 'both',
    reminders: 'both',
  },
  quietHours: null,
};

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * A push service's URL: https, or http on this machine only (a test's local push endpoint; the
 * service refuses even those unless configured to accept them).
 */
export const pushEndpointSchema = z
  .string()
  .max(2048)
  .refine((value) => {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return false;
    }
    if (url.username || url.password) return false;
    return url.protocol === 'https:' || (url.protocol === 'http:' && LOCAL_HOSTS.has(url.hostname));
  }, PushMessages.invalidEndpoint);

const base64UrlSchema = (min: number, max: number) =>
  z
    .string(PushMessages.invalidKeys)
    .min(min, PushMessages.invalidKeys)
    .max(max, PushMessages.invalidKeys)
    .regex(/^[A-Za-z0-9_-]+=*$/, PushMessages.invalidKeys);

/** `PushSubscription.toJSON()` as the browser gives it (the expiration time is not needed). */
export const pushSubscriptionBodySchema = z.object({
  endpoint: pushEndpointSchema,
  keys: z.object(
    {
      /** The browser's P-256 public key (65 bytes, base64url). */
      p256dh: base64UrlSchema(80, 100),
      /** The 16-byte authentication secret (base64url). */
      auth: base64UrlSchema(16, 32),
    },
    PushMessages.invalidKeys,
  ),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;

export const pushUnsubscribeBodySchema = z.object({ endpoint: pushEndpointSchema });

export const pushKeySchema = z.object({
  /** The VAPID application server key (uncompressed P-256 point, base64url) for `pushManager.subscribe`. */
  publicKey: z.string(),
});

export const MUTE_KINDS = ['conversation', 'activity'] as const;
export type MuteKind = (typeof MUTE_KINDS)[number];
export const MUTE_DURATIONS = ['1h', '8h', '1d', 'forever'] as const;
export type MuteDuration = (typeof MUTE_DURATIONS)[number];

export const muteSchema = z.object({
  /** `conversation`: a direct conversation; `activity`: an activity's thread, keyed by its post id. */
  kind: z.enum(MUTE_KINDS),
  id: z.uuid(),
  /** When the mute ends (ISO time), or null until it is turned off. */
  until: z.string().nullable(),
});
export type Mute = z.infer<typeof muteSchema>;

export const muteBodySchema = z.object({
  kind: z.enum(MUTE_KINDS, 'Choose a conversation or an activity'),
  id: z.uuid(PushMessages.muteNotFound),
  duration: z.enum(MUTE_DURATIONS, 'Choose 1h, 8h, 1d or forever'),
});
export type MuteBody = z.infer<typeof muteBodySchema>;

export const muteParamsSchema = z.object({
  kind: z.enum(MUTE_KINDS, PushMessages.muteNotFound),
  id: z.uuid(PushMessages.muteNotFound),
});

export const muteListSchema = z.object({ mutes: z.array(muteSchema) });

/**
 * What a push carries, encrypted for the browser (RFC 8291): who and what kind, never a message's
 * text or an activity's place. `tag` is the notification's grouping key, so a newer push
 * replaces the older one on the device.
 */
export const pushPayloadSchema = z.object({
  title: z.literal('Saathi'),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayloadSchema>;

const service = 'notification';

/** The VAPID public key the browser subscribes with; the same for everyone. */
export const getPushKeyRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/push/key',
  access: 'public',
  response: { 200: pushKeySchema },
});

/** Stores this browser's subscription for the caller (a browser subscribed under another account moves). */
export const savePushSubscriptionRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/push/subscriptions',
  access: 'user',
  body: pushSubscriptionBodySchema,
  response: { 204: z.undefined() },
});

/** Forgets this browser's subscription (signing out, or pushes turned off); only the caller's own. */
export const deletePushSubscriptionRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/push/unsubscribe',
  access: 'user',
  body: pushUnsubscribeBodySchema,
  response: { 204: z.undefined() },
});

export const getNoticeSettingsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/notification-settings',
  access: 'user',
  response: { 200: noticeSettingsSchema },
});

export const saveNoticeSettingsRoute = defineRoute({
  service,
  method: 'PUT',
  path: '/api/notification-settings',
  access: 'user',
  body: noticeSettingsSchema,
  response: { 200: noticeSettingsSchema },
});

/** The caller's mutes still in force. */
export const listMutesRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/mutes',
  access: 'user',
  response: { 200: muteListSchema },
});

/** Mutes (or re-mutes, from now) a conversation or an activity thread; it still counts as unread. */
export const muteRoute = defineRoute({
  service,
  method: 'PUT',
  path: '/api/mutes',
  access: 'user',
  body: muteBodySchema,
  response: { 200: muteSchema },
});

export const unmuteRoute = defineRoute({
  service,
  method: 'DELETE',
  path: '/api/mutes/:kind/:id',
  access: 'user',
  params: muteParamsSchema,
  response: { 204: z.undefined() },
});

export const pushRoutes = [
  getPushKeyRoute,
  savePushSubscriptionRoute,
  deletePushSubscriptionRoute,
  getNoticeSettingsRoute,
  saveNoticeSettingsRoute,
  listMutesRoute,
  muteRoute,
  unmuteRoute,
] as const;
