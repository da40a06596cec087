import type { Logger } from '../logging';

/** Env every service process reads (cluster mode); embedded mode fills the same shape. */
export interface ServiceEnv {
  LOG_LEVEL: string;
  HOST: string;
  PORT: number;
  DATABASE_URL: string;
  NATS_URL: string;
  REDIS_URL: string;
}

export interface RunningWorker {
  stop(): Promise<void>;
}

export type { Logger };
