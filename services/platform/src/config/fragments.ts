import { readFileSync } from 'node:fs';
import { z } from 'zod';

/** TCP port from an env string; 0 asks the OS for a free one (the embedded host uses that). */
export const portVar = (defaultPort: number) =>
  z.coerce.number().int().min(0).max(65_535).default(defaultPort);

/** A URL of any scheme (postgres://, nats://, redis://, smtp://, http://); required when no default is given. */
export const urlVar = (defaultUrl?: string) =>
  defaultUrl === undefined ? z.url() : z.url().default(defaultUrl);

/** `true/false`, `1/0`, `yes/no`, `on/off` (any case). */
export const boolVar = (defaultValue = false) => z.stringbool().default(defaultValue);

/**
 * Whose X-Forwarded-For names the client address, in Fastify's `trustProxy` form: `true`, `false`,
 * or comma-separated addresses, CIDRs or `loopback`. The gateway does not use it: it never
 * accepts `true` (any client could then choose its address).
 */
export const trustProxyVar = (defaultValue: string) =>
  z
    .string()
    .default(defaultValue)
    .transform((value): boolean | string[] =>
      value === 'true'
        ? true
        : value === 'false'
          ? false
          : value
              .split(',')
              .map((part) => part.trim())
              .filter(Boolean),
    );

export const logLevelVar = z
  .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'])
  .default('info');

/**
 * A PEM value given inline or as `file:/path/to/key.pem`. Inline values may carry literal `\n`
 * because many env files and secret stores cannot hold real newlines.
 */
export const pemVar = () =>
  z.string().transform((value, ctx) => {
    let pem = value;
    if (value.startsWith('file:')) {
      const path = value.slice('file:'.length);
      try {
        pem = readFileSync(path, 'utf8');
      } catch (error) {
        ctx.addIssue({ code: 'custom', message: `cannot read ${path}: ${(error as Error).message}` });
        return z.NEVER;
      }
    }
    pem = pem.replaceAll('\\n', '\n').trim();
    if (!/^-----BEGIN [A-Z ]+-----\n[\s\S]+\n-----END [A-Z ]+-----$/.test(pem)) {
      ctx.addIssue({ code: 'custom', message: 'expected a PEM block (-----BEGIN …) or file:<path>' });
      return z.NEVER;
    }
    return pem;
  });

/** What every process reads. Nothing here depends on NODE_ENV, on purpose. */
export const commonEnvSchema = z.object({
  LOG_LEVEL: logLevelVar,
  HOST: z.string().min(1).default('0.0.0.0'),
  PORT: portVar(3000),
  /**
   * A second port for probes and Prometheus only (`/healthz`, `/readyz`, `/metrics`); unset:
   * none. In Kubernetes the monitoring namespace may reach this port alone (k8s/README.md).
   */
  METRICS_PORT: z.coerce.number().int().min(1).max(65_535).optional(),
});

/**
 * Cluster infrastructure. Services pick what they use:
 * `commonEnvSchema.extend(infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true }).shape)`.
 * Defaults are the local standard ports so tests and `start:cluster` work on a dev machine.
 */
export const infraEnvSchema = z.object({
  DATABASE_URL: urlVar('postgres://postgres@127.0.0.1:5432/saathi'),
  NATS_URL: urlVar('nats://127.0.0.1:4222'),
  REDIS_URL: urlVar('redis://127.0.0.1:6379'),
  SMTP_URL: urlVar('smtp://127.0.0.1:1025'),
  JWT_PUBLIC_KEY: pemVar(),
});

/**
 * What a worker process reads besides its service's config. A crashed worker's jobs stay
 * locked for JOB_LOCK_MS and are taken up again at the next stalled-job check (as often), so
 * they restart within about twice that; a live worker renews its locks at half of it.
 */
export const workerEnvSchema = z.object({
  JOB_LOCK_MS: z.coerce.number().int().min(1_000).default(30_000),
});

/** What every service process reads: the common settings plus its database, bus and queue. */
export const serviceEnvSchema = commonEnvSchema.extend(
  infraEnvSchema.pick({ DATABASE_URL: true, NATS_URL: true, REDIS_URL: true }).shape,
);
