import { userRegisteredV1 } from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { welcomeMail } from '../domain/mail-templates';
import { enqueueEmailOnce } from './enqueue-email';

const DURABLE = 'notification.welcome-mail';

/** identity.user.registered.v1 → the welcome mail. */
export async function subscribeUserRegistered(deps: ServiceDeps<Config>): Promise<void> {
  await deps.bus.subscribe({
    durable: DURABLE,
    event: userRegisteredV1,
    handle: async (envelope) => {
      const mail = welcomeMail(deps.config.PUBLIC_ORIGIN, envelope.data);
      await enqueueEmailOnce(deps, DURABLE, envelope.id, {
        to: envelope.data.email,
        ...mail,
        dedupeKey: envelope.id,
      });
      deps.logger.info(
        { eventId: envelope.id, traceId: envelope.traceId, userId: envelope.data.userId },
        'welcome mail queued',
      );
    },
  });
}
