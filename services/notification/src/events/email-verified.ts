import { userEmailVerifiedV1 } from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { welcomeMail } from '../domain/mail-templates';
import { mailOnEvent } from './mail-on-event';

/**
 * A proof older than this gets no welcome: identity announced every address proved before the
 * event existed (its migration 0008), as of when each was proved, and those people are not new.
 */
const WELCOME_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * identity.user.email_verified.v1 → the welcome mail. Not at registration: until its owner proves
 * the address, it may be anyone's, and they would get a mail from us they never asked for.
 */
export function subscribeEmailVerifiedWelcome(deps: ServiceDeps<Config>): Promise<void> {
  return mailOnEvent(deps, {
    durable: 'notification.welcome-mail-verified',
    event: userEmailVerifiedV1,
    recipient: (data) => data.email,
    compose: welcomeMail,
    when: (envelope, now) => now.getTime() - Date.parse(envelope.occurredAt) < WELCOME_WITHIN_MS,
  });
}
