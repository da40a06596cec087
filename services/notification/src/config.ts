import { readFileSync } from 'node:fs';
import {
  boolVar,
  commonEnvSchema,
  infraEnvSchema,
  mailTokenKeyVar,
  portVar,
  trustProxyVar,
} from '@saathi/platform';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

/**
 * A VAPID key (base64url, as web-push makes them: the public key a 65-byte P-256 point, the
 * private one 32 bytes), inline or `file:<path>`. Unset: no pushes (the key route answers 404).
 */
const vapidKeyVar = (bytes: number) =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (value === undefined || value === '') return undefined;
      let text = value;
      if (value.startsWith('file:')) {
        const path = value.slice('file:'.length);
        try {
          text = readFileSync(path, 'utf8');
        } catch (error) {
          ctx.addIssue({ code: 'custom', message: `cannot read ${path}: ${(error as Error).message}` });
          return z.NEVER;
        }
      }
      text = text.trim();
      if (!/^[A-Za-z0-9_-]+$/.test(text) || Buffer.from(text, 'base64url').length !== bytes) {
        ctx.addIssue({ code: 'custom', message: `expected base64url of ${bytes} bytes or file:<path>` });
        return z.NEVER;
      }
      return text;
    });

/** Push services of the browsers people use; an endpoint elsewhere is refused (no requests to arbitrary hosts). */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  'updates.push.services.mozilla.com',
  'push.services.mozilla.com',
  'notify.windows.com',
  'push.apple.com',
];

/** Notification's environment (service and email worker share it). */
export const configSchema = commonEnvSchema
  .extend(
    infraEnvSchema.pick({
      DATABASE_URL: true,
      NATS_URL: true,
      REDIS_URL: true,
      SMTP_URL: true,
      JWT_PUBLIC_KEY: true,
    }).shape,
  )
  .extend({
    PORT: portVar(4005),
    /** Links in mails point here. */
    PUBLIC_ORIGIN: z
      .url()
      .default('http://localhost:3000')
      .transform((value) => value.replace(/\/+$/, '')),
    MAIL_FROM: z.string().min(3).default('Saathi <no-reply@saathi.local>'),
    /** Identity's MAIL_TOKEN_KEY: the worker opens the sealed one-time tokens of mailed links with it. */
    MAIL_TOKEN_KEY: mailTokenKeyVar(),
    /** Attempts per mail and the base of their exponential back-off. */
    EMAIL_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
    EMAIL_RETRY_BACKOFF_MS: z.coerce.number().int().min(1).default(5_000),
    /**
     * Whose X-Forwarded-For to believe for the client address (the feedback limit of signed-out
     * visitors): `true`, `false`, or comma-separated addresses/CIDRs/`loopback` — the gateway's
     * only, as for identity.
     */
    TRUST_PROXY: trustProxyVar('loopback'),
    /** Feedback a signed-in user (or, signed out, an address) may send per hour. */
    FEEDBACK_PER_HOUR: positiveInt(10),
    /** At most one "new message" mail per conversation and recipient in this long. */
    MESSAGE_MAIL_COOLDOWN_MS: positiveInt(60 * 60 * 1000),
    /**
     * An activity notice that matters (in, declined, closed, reminder) is mailed when it is still
     * unread this long after it arrived: the person did not see it in the app.
     */
    ACTIVITY_MAIL_DELAY_MS: positiveInt(10 * 60 * 1000),
    /** At most one activity mail per person and activity in this long. */
    ACTIVITY_MAIL_COOLDOWN_MS: positiveInt(60 * 60 * 1000),
    /** Read notifications are deleted this many days after they were read. */
    READ_NOTIFICATION_RETENTION_DAYS: positiveInt(90),
    /** The VAPID key pair pushes are signed with (RFC 8292); the launchers make one. */
    VAPID_PUBLIC_KEY: vapidKeyVar(65),
    VAPID_PRIVATE_KEY: vapidKeyVar(32),
    /** Whom push services may contact about our pushes: a `mailto:` or `https:` URL. */
    VAPID_SUBJECT: z
      .string()
      .regex(/^(mailto:|https:\/\/)\S+$/, 'expected a mailto: or https: URL')
      .default('mailto:no-reply@saathi.local'),
    /**
     * Hosts (and their subdomains) a push endpoint may be on: the browsers' push services.
     * Comma-separated; the server sends to whatever a subscription names, so not to any host.
     */
    PUSH_ENDPOINT_HOSTS: z
      .string()
      .default(PUSH_SERVICE_HOSTS.join(','))
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
    /** Accept http endpoints on this machine (a test's push endpoint). Never on in production. */
    PUSH_ALLOW_LOCAL_ENDPOINTS: boolVar(false),
    /** Tries per push to one browser, and the base of their exponential back-off. */
    PUSH_MAX_ATTEMPTS: positiveInt(5),
    PUSH_RETRY_BACKOFF_MS: positiveInt(2_000),
    /** Failed tries in a row after which a subscription is dropped. */
    PUSH_MAX_FAILURES: positiveInt(10),
    /** At most one push per notification (tag) in this long; what comes meanwhile goes as one. */
    PUSH_GROUP_MS: positiveInt(60_000),
    /** How long a push service keeps a push for a device that is off (seconds). */
    PUSH_TTL_SECONDS: positiveInt(24 * 60 * 60),
  });
export type Config = z.infer<typeof configSchema>;
