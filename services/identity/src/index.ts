import { identityRoutes } from '@saathi/contracts';
import { defineService } from '@saathi/platform';
import { registerIdentity } from './app';
import { configSchema } from './config';
import { sweepIdentity } from './db/maintenance';
import { SCHEMA } from './db/schema-name';

export type { Config } from './config';
export { configSchema };

/** Identity: accounts, sessions, profiles and avatars. */
export const identityService = defineService({
  name: 'identity',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  routes: identityRoutes,
  // Identity checks tokens itself, against the session table, so a logout is refused at once.
  auth: 'none',
  appOptions: (config) => ({ trustProxy: config.TRUST_PROXY }),
  register: registerIdentity,
  periodic: [
    { name: 'identity-sweep', everyMs: 60_000, run: (kit) => sweepIdentity(kit.db.db, kit.clock.now()) },
  ],
});
