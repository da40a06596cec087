import { userRegisteredV1 } from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { welcomeMail } from '../domain/mail-templates';
import { mailOnEvent } from './mail-on-event';

/** identity.user.registered.v1 → the welcome mail. */
export function subscribeUserRegistered(deps: ServiceDeps<Config>): Promise<void> {
  return mailOnEvent(deps, {
    durable: 'notification.welcome-mail',
    event: userRegisteredV1,
    recipient: (data) => data.email,
    compose: welcomeMail,
  });
}
