import path from 'node:path';
import { commonEnvSchema, pemVar, portVar, urlVar } from '@saathi/platform';
import { z } from 'zod';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/** One service's base URL, or several replicas' comma-separated (shared round-robin). */
const upstreamVar = (defaultUrl: string) =>
  z
    .string()
    .default(defaultUrl)
    .refine(
      (value) => value.split(',').every((part) => URL.canParse(part)),
      'expected a URL or comma-separated URLs',
    );

/** Env of the cluster-mode gateway (`gateway/src/main.ts`). */
export const gatewayEnvSchema = commonEnvSchema.extend({
  PORT: portVar(3000),
  IDENTITY_URL: upstreamVar('http://127.0.0.1:4001'),
  FEED_URL: upstreamVar('http://127.0.0.1:4002'),
  MESSAGING_URL: upstreamVar('http://127.0.0.1:4003'),
  BLOG_URL: upstreamVar('http://127.0.0.1:4004'),
  NOTIFICATION_URL: upstreamVar('http://127.0.0.1:4005'),
  /** Shared rate-limit counters across gateway replicas. */
  REDIS_URL: urlVar('redis://127.0.0.1:6379'),
  WEB_DIST: z
    .string()
    .min(1)
    .default(path.join(repoRoot, 'web', 'dist')),
  /** Identity's access-token public key (PEM or file:<path>); optional at the edge. */
  JWT_PUBLIC_KEY: pemVar().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  UPSTREAM_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
  CONNECT_TIMEOUT_MS: z.coerce.number().int().positive().default(1000),
  /** Edge access log: `errors` (4xx/5xx and slow; services log every request), `all`, `off`. */
  ACCESS_LOG: z.enum(['all', 'errors', 'off']).default('errors'),
  /** `true`, or a comma-separated list of proxy addresses/CIDRs trusted for x-forwarded-for. */
  TRUST_PROXY: z.string().optional(),
});
export type GatewayConfig = z.infer<typeof gatewayEnvSchema>;
