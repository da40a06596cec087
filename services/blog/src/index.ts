import { defineService } from '@saathi/platform';
import { configSchema } from './config';

export type { Config } from './config';
export { configSchema };

/** Blog: declared and running (health, readiness, metrics); its routes arrive with its issue. */
export const blogService = defineService({
  name: 'blog',
  configSchema,
  dbSchema: 'blog',
  routes: [],
  auth: 'platform',
  register: () => undefined,
});
