import { commonEnvSchema, infraEnvSchema, portVar } from '@saathi/platform';
import { z } from 'zod';

/** Moderation's environment. */
export const configSchema = commonEnvSchema
  .extend(
    infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, JWT_PUBLIC_KEY: true }).shape,
  )
  .extend({
    PORT: portVar(4006),
    /** Different people whose reports hide a post, comment or message from everyone until reviewed. */
    HIDE_AFTER_REPORTS: z.coerce.number().int().min(1).default(3),
    /** Reports one person may file in an hour: enough for real use, too few to bury the queue. */
    REPORTS_PER_HOUR: z.coerce.number().int().min(1).default(20),
  });
export type Config = z.infer<typeof configSchema>;
