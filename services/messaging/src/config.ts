import { commonEnvSchema, infraEnvSchema, portVar } from '@saathi/platform';
import { z } from 'zod';

export const configSchema = commonEnvSchema
  .extend(
    infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true, JWT_PUBLIC_KEY: true }).shape,
  )
  .extend({
    PORT: portVar(4003),
    /**
     * Longest a send waits for the other replicas to say whether its recipient has a socket; no
     * answer by then counts as away (a mail they may not need, never one missed). Cluster mode
     * only; at most the 5 s the Socket.IO adapter itself waits for replies.
     */
    PRESENCE_TIMEOUT_MS: z.coerce.number().int().min(1).max(5_000).default(500),
  });
export type Config = z.infer<typeof configSchema>;
