import { commonEnvSchema, infraEnvSchema, mailTokenKeyVar, portVar } from '@saathi/platform';
import { z } from 'zod';

const positiveInt = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

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
    TRUST_PROXY: z
      .string()
      .default('loopback')
      .transform((value): boolean | string[] =>
        value === 'true'
          ? true
          : value === 'false'
            ? false
            : value
                .split(',')
                .map((part) => part.trim())
                .filter(Boolean),
      ),
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
  });
export type Config = z.infer<typeof configSchema>;
