import { identityRoutes, QueueName } from '@saathi/contracts';
import { defineJob, defineService, eventTablesPrune } from '@saathi/platform';
import { registerIdentity } from './app';
import { configSchema, type Config } from './config';
import { sweepIdentity } from './db/maintenance';
import { deleteUnusedImages } from './db/profile-images-repository';
import { SCHEMA } from './db/schema-name';
import { DataExportsRepository } from './db/data-exports-repository';
import { purgeDataExports } from './use-cases/data-export';
import { dataExportJob } from './jobs/data-export';

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
  // The export job signs the token the other services answer it with: it runs where the key is.
  jobs: [defineJob({ queue: QueueName.dataExport, concurrency: 2, handler: dataExportJob })],
  periodic: [
    {
      // Export files past their 24 hours (docs/privacy.md); the download refuses them meanwhile.
      name: 'identity-data-exports-sweep',
      everyMs: 600_000,
      run: (kit) => purgeDataExports({ exports: new DataExportsRepository(kit.db.db) }, kit.clock.now()),
    },
    { name: 'identity-sweep', everyMs: 60_000, run: (kit) => sweepIdentity(kit.db.db, kit.clock.now()) },
    // Published events (addresses and names among them) a week on, as every service prunes its own.
    eventTablesPrune<Config>('identity', SCHEMA),
    {
      // Uploads no profile or account uses, once a day old. Checked hourly, so a replica that
      // restarts more often than daily still runs it; deleting is idempotent across replicas.
      name: 'identity-unused-images',
      everyMs: 3_600_000,
      run: (kit) => deleteUnusedImages(kit.db.db, kit.clock.now()),
    },
  ],
});
