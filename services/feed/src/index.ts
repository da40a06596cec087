import { defineService } from '@saathi/platform';
import { configSchema } from './config';

export type { Config } from './config';
export { configSchema };

/** Feed: declared and running (health, readiness, metrics); its routes arrive with its issue. */
export const feedService = defineService({
  name: 'feed',
  configSchema,
  dbSchema: 'feed',
  routes: [],
  auth: 'platform',
  register: () => undefined,
});
