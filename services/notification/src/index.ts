import { QueueName } from '@saathi/contracts';
import { defineService, defineWorker } from '@saathi/platform';
import { configSchema } from './config';
import type { Config } from './config';
import { subscribeEmailVerificationRequested } from './events/email-verification-requested';
import { subscribeEmailVerificationRequestedSealed } from './events/email-verification-requested-sealed';
import { subscribePasswordResetRequested } from './events/password-reset-requested';
import { subscribePasswordResetRequestedSealed } from './events/password-reset-requested-sealed';
import { subscribeUserRegistered } from './events/user-registered';
import { sendEmailJob } from './jobs/send-email';
import { SCHEMA } from './schema-name';

export type { Config } from './config';
export { configSchema };

/** Notification: turns identity's events into mails (sent by its worker); feedback and in-app notices later. */
export const notificationService = defineService({
  name: 'notification',
  configSchema,
  dbSchema: SCHEMA,
  migrations: new URL('./db/migrations/', import.meta.url),
  routes: [],
  auth: 'platform',
  register: () => undefined,
  consumers: [
    subscribePasswordResetRequested,
    subscribePasswordResetRequestedSealed,
    subscribeUserRegistered,
    subscribeEmailVerificationRequested,
    subscribeEmailVerificationRequestedSealed,
  ],
  workers: [defineWorker<Config, 'email'>({ queue: QueueName.email, concurrency: 4, handler: sendEmailJob })],
});
