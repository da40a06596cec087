import { commonEnvSchema, infraEnvSchema, portVar } from '@saathi/platform';
import type { z } from 'zod';

export const configSchema = commonEnvSchema
  .extend(
    infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, JWT_PUBLIC_KEY: true }).shape,
  )
  .extend({ PORT: portVar(4003) });
export type Config = z.infer<typeof configSchema>;
