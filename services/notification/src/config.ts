import { commonEnvSchema, infraEnvSchema, mailTokenKeyVar, pemVar, portVar } from '@saathi/platform';
import { z } from 'zod';

/** Notification's environment (service and email worker share it). */
export const configSchema = commonEnvSchema
  .extend(infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, SMTP_URL: true }).shape)
  .extend({
    PORT: portVar(4005),
    /** Verifies access tokens for the (later) feedback and notification routes. */
    JWT_PUBLIC_KEY: pemVar().optional(),
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
  });
export type Config = z.infer<typeof configSchema>;
