import { logLevelVar, portVar } from '@saathi/platform';
import { apiDocsEnvSchema, mapsBrowserKeyVar } from '@saathi/gateway';
import { z } from 'zod';

/** Env read by `npm start` (embedded mode). */
export const embeddedEnvSchema = z.object({
  PORT: portVar(3000),
  /**
   * This machine only: a developer's instance (plain HTTP, its mails on disk) is not for the
   * rest of the Wi-Fi. `HOST=0.0.0.0 npm start` opens it to a phone on the same network.
   */
  HOST: z.string().min(1).default('127.0.0.1'),
  LOG_LEVEL: logLevelVar,
  SAATHI_DATA_DIR: z.string().min(1).default('.data'),
});

/**
 * The gateway's per-IP limits, read under the same names in embedded mode (a test raises them
 * to send thousands of requests from one address).
 */
export const embeddedEdgeLimitsSchema = z.object({
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(600),
  AUTH_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
});

/** The gateway's page settings (and whether it serves `/api/docs`), under the same names in embedded mode. */
export const embeddedWebSchema = z.object({ MAPS_BROWSER_KEY: mapsBrowserKeyVar, ...apiDocsEnvSchema.shape });
