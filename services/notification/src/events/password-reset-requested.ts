import { passwordResetRequestedV1 } from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { passwordResetMail } from '../domain/mail-templates';
import { enqueueEmailOnce } from './enqueue-email';

const DURABLE = 'notification.password-reset-mail';

/** identity.password_reset.requested.v1 → the reset-link mail. */
export async function subscribePasswordResetRequested(deps: ServiceDeps<Config>): Promise<void> {
  await deps.bus.subscribe({
    durable: DURABLE,
    event: passwordResetRequestedV1,
    handle: async (envelope) => {
      const mail = passwordResetMail(deps.config.PUBLIC_ORIGIN, envelope.data);
      await enqueueEmailOnce(deps, DURABLE, envelope.id, {
        to: envelope.data.email,
        ...mail,
        dedupeKey: envelope.id,
      });
      deps.logger.info(
        { eventId: envelope.id, traceId: envelope.traceId, userId: envelope.data.userId },
        'reset mail queued',
      );
    },
  });
}
