import { commonEnvSchema, infraEnvSchema, portVar } from '@saathi/platform';
import { z } from 'zod';

/** Blog's environment (the service and its worker share it). */
export const configSchema = commonEnvSchema
  .extend(
    infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, JWT_PUBLIC_KEY: true }).shape,
  )
  .extend({
    PORT: portVar(4004),
    /** How often the community digest job writes the past week's story (default: weekly). */
    BLOG_DIGEST_EVERY_MS: z.coerce
      .number()
      .int()
      .min(60_000)
      .default(7 * 24 * 60 * 60 * 1000),
  });
export type Config = z.infer<typeof configSchema>;
