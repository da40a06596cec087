import { commonEnvSchema, infraEnvSchema, portVar } from '@saathi/platform';
import { z } from 'zod';

export const configSchema = commonEnvSchema
  .extend(
    infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, JWT_PUBLIC_KEY: true }).shape,
  )
  .extend({
    PORT: portVar(4003),
    /** Conversations one account may start an hour (POST /api/conversations; 429 past it). */
    CONVERSATION_STARTS_PER_HOUR: z.coerce.number().int().min(1).default(30),
  });
export type Config = z.infer<typeof configSchema>;
