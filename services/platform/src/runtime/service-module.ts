import type { z } from 'zod';
import type { Logger } from '../logging';
import type { Mailer, RunningService, ServiceDeps } from '../ports';

/** Env every service process reads (cluster mode); embedded mode fills the same shape. */
export interface ServiceEnv {
  LOG_LEVEL: string;
  HOST: string;
  PORT: number;
  DATABASE_URL: string;
  NATS_URL: string;
  REDIS_URL: string;
}

/**
 * How a service presents itself to the two launchers (its own `main.ts` in cluster mode,
 * the gateway's embedded host). Both call the same `startService`, so both modes run the same code.
 */
export interface ServiceModule<C extends ServiceEnv = ServiceEnv> {
  name: string;
  configSchema: z.ZodType<C, Record<string, unknown>>;
  startService(deps: ServiceDeps<C>): Promise<RunningService>;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

export interface WorkerModule<C extends ServiceEnv = ServiceEnv> {
  name: string;
  configSchema: z.ZodType<C, Record<string, unknown>>;
  startWorker(deps: ServiceDeps<C> & { mailer: Mailer }): Promise<RunningWorker>;
}

export type { Logger };
