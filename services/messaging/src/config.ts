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
    /**
     * The site's origin, where the ingress sends `/socket.io` straight to messaging (Kubernetes):
     * a websocket handshake from any other Origin is then refused here, as the gateway refuses it
     * when it relays the sockets. Unset behind the gateway, which checks it already.
     */
    SOCKET_ORIGIN: z.url().optional(),
    /**
     * Sends that queue share a commit (platform group-commit.ts): on PGlite a batch is one call
     * into the WebAssembly; on PostgreSQL its statements still go one round trip after another
     * (node-postgres has no pipelining), and at the machine's limit the shared commits won
     * (load-tests/RESULTS.md, "group commit"). `off` sends each on its own.
     */
    SEND_GROUP_COMMIT: z.enum(['on', 'off']).default('on'),
  });
export type Config = z.infer<typeof configSchema>;
