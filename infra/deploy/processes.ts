// The process table (processes.json), parsed and typed. One list of every Saathi process, so
// the Kubernetes manifests, docker-compose.yml and `npm run start:cluster` cannot drift apart.
import { z } from 'zod';
import table from './processes.json' with { type: 'json' };

const quantity = z.string().regex(/^\d+(m|Mi|Gi)?$/, 'a Kubernetes quantity such as 250m or 256Mi');

// `gateway`: a service that calls back in through the gateway's cluster Service (identity's
// data-export job asks the other services for their parts that way, with an export token).
export const NEEDS = ['postgres', 'nats', 'redis', 'smtp', 'https', 'services', 'gateway'] as const;
export type Need = (typeof NEEDS)[number];

export const processSchema = z.object({
  name: z.string().regex(/^[a-z][a-z-]*$/),
  kind: z.enum(['gateway', 'service', 'worker']),
  /** For a worker: the service whose definition it runs. */
  service: z.string().optional(),
  entry: z.string().regex(/\.ts$/),
  port: z.number().int().min(1024).max(65535),
  /**
   * The probes-and-metrics listener (METRICS_PORT; in no Service and no Ingress): the only port
   * Prometheus may reach, as the API port of the gateway and services believes X-Forwarded-For.
   */
  internalPort: z.number().int().optional(),
  /** A worker's BullMQ queues: its autoscaler follows their waiting jobs. */
  queues: z.array(z.string()).default([]),
  replicas: z.object({ min: z.number().int().min(1), max: z.number().int().min(1) }),
  resources: z.object({ cpu: quantity, memory: quantity, memoryLimit: quantity }),
  /** What the process connects to: its network policy allows exactly these. */
  needs: z.array(z.enum(NEEDS)),
  /** Extra environment for this process alone (cluster-specific values to review, such as TRUST_PROXY). */
  env: z.record(z.string(), z.string()).default({}),
  /**
   * Keys of the process's own Secret beyond the connection URLs its needs imply (secretKeysOf):
   * only identity holds JWT_PRIVATE_KEY, so code run in any other process cannot mint tokens.
   */
  secretKeys: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/)).default([]),
  /** Keys the process reads when present (Google sign-in, a public key derived otherwise). */
  optionalSecretKeys: z.array(z.string().regex(/^[A-Z][A-Z0-9_]*$/)).default([]),
});
export type ProcessSpec = z.infer<typeof processSchema>;

/**
 * What a need connects with: the URL carries the process's own credentials (its PostgreSQL
 * role, NATS user, Redis ACL user), so it lives in the process's Secret, not the ConfigMap.
 */
const URL_OF_NEED: Partial<Record<Need, string>> = {
  postgres: 'DATABASE_URL',
  nats: 'NATS_URL',
  redis: 'REDIS_URL',
  smtp: 'SMTP_URL',
};

/** The process's Secret (`saathi-<name>`): one per process, holding only what it reads. */
export const secretNameOf = (p: Pick<ProcessSpec, 'name'>): string => `saathi-${p.name}`;

/** Every key of the process's Secret: the URLs of its needs, then its own keys. */
export function secretKeysOf(p: ProcessSpec): { required: string[]; optional: string[] } {
  const urls = p.needs.flatMap((need) => URL_OF_NEED[need] ?? []);
  return { required: [...urls, ...p.secretKeys], optional: p.optionalSecretKeys };
}

export const PROCESSES: readonly ProcessSpec[] = z
  .object({ processes: z.array(processSchema).min(1) })
  .parse(table).processes;

export const processNamed = (name: string): ProcessSpec => {
  const found = PROCESSES.find((p) => p.name === name);
  if (!found) throw new Error(`no process named ${name} in infra/deploy/processes.json`);
  return found;
};
