import {
  passwordResetRequestedV2,
  PASSWORD_RESET_TOKEN_PURPOSE,
  SEALED_TOKEN_PLACEHOLDER,
} from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { passwordResetMail } from '../domain/mail-templates';
import { mailOnEvent } from './mail-on-event';

/**
 * identity.password_reset.requested.v2 → the reset-link mail. The token stays sealed in the job
 * (the worker opens it when sending), and the finished job is dropped once the link has expired.
 */
export function subscribePasswordResetRequestedSealed(deps: ServiceDeps<Config>): Promise<void> {
  return mailOnEvent(deps, {
    durable: 'notification.password-reset-mail-v2',
    event: passwordResetRequestedV2,
    recipient: (data) => data.email,
    compose: (origin, data) =>
      passwordResetMail(origin, { username: data.username, token: SEALED_TOKEN_PLACEHOLDER }),
    sealed: (data) => ({
      token: { purpose: PASSWORD_RESET_TOKEN_PURPOSE, value: data.sealedToken },
      expiresAt: new Date(data.expiresAt),
    }),
  });
}
