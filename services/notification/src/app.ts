import { createApp, trackRevokedSessions } from '@saathi/platform';
import type { App, ServiceDeps } from '@saathi/platform';
import type { Config } from './config';

/** Notification's HTTP app: probes today; feedback and notification routes come with their issues. */
export async function buildApp(deps: ServiceDeps<Config>): Promise<App> {
  return createApp({
    name: 'notification',
    logger: deps.logger,
    readiness: {
      database: () => deps.db.ping(),
      events: () => deps.bus.ping(),
      queue: () => deps.queue.ping(),
    },
    ...(deps.config.JWT_PUBLIC_KEY
      ? {
          auth: {
            publicKey: deps.config.JWT_PUBLIC_KEY,
            revokedSessions: await trackRevokedSessions(deps.bus),
          },
        }
      : {}),
  });
}
