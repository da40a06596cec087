import { passwordResetRequestedV1 } from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { passwordResetMail } from '../domain/mail-templates';
import { mailOnEvent } from './mail-on-event';

/**
 * identity.password_reset.requested.v1 → the reset-link mail. Identity publishes v2 now; this
 * mails the v1 events still in flight (their links live an hour) and can go a day after the deploy.
 */
export function subscribePasswordResetRequested(deps: ServiceDeps<Config>): Promise<void> {
  return mailOnEvent(deps, {
    durable: 'notification.password-reset-mail',
    event: passwordResetRequestedV1,
    recipient: (data) => data.email,
    compose: passwordResetMail,
  });
}
