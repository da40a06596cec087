import { logLevelVar, portVar } from '@saathi/platform';
import { z } from 'zod';

/** Env read by `npm start` (embedded mode). */
export const embeddedEnvSchema = z.object({
  PORT: portVar(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  LOG_LEVEL: logLevelVar,
  SAATHI_DATA_DIR: z.string().min(1).default('.data'),
});
