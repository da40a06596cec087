import type { z } from 'zod';
import type { serviceEnvSchema } from '../config/fragments';
import type { Logger } from '../logging';

/** Env every service process reads (cluster mode); embedded mode fills the same shape. */
export type ServiceEnv = z.infer<typeof serviceEnvSchema>;

export interface RunningWorker {
  stop(): Promise<void>;
}

export type { Logger };
