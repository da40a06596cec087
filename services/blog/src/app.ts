import { createApp, trackRevokedSessions } from '@saathi/platform';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from './config';

/** The blog service's HTTP app. Its routes arrive with the blog issue; today it answers health and readiness. */
export async function buildApp(deps: ServiceDeps<Config>) {
  return createApp({
    name: 'blog',
    logger: deps.logger,
    readiness: { database: () => deps.db.ping(), events: () => deps.bus.ping() },
    auth: { publicKey: deps.config.JWT_PUBLIC_KEY, revokedSessions: await trackRevokedSessions(deps.bus) },
  });
}
