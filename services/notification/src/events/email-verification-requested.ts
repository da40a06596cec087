import { emailVerificationRequestedV1 } from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { emailVerificationMail } from '../domain/mail-templates';
import { mailOnEvent } from './mail-on-event';

/**
 * identity.email_verification.requested.v1 → the verification-link mail. Identity publishes v2
 * now; this mails the v1 events still in flight (their links live 24 hours) and can go a day
 * after the deploy.
 */
export function subscribeEmailVerificationRequested(deps: ServiceDeps<Config>): Promise<void> {
  return mailOnEvent(deps, {
    durable: 'notification.email-verification-mail',
    event: emailVerificationRequestedV1,
    recipient: (data) => data.email,
    compose: emailVerificationMail,
  });
}
