import { defineService } from '@saathi/platform';
import { configSchema } from './config';

export type { Config } from './config';
export { configSchema };

/** Messaging: declared and running (health, readiness, metrics); its routes arrive with its issue. */
export const messagingService = defineService({
  name: 'messaging',
  configSchema,
  dbSchema: 'messaging',
  routes: [],
  auth: 'platform',
  register: () => undefined,
});
