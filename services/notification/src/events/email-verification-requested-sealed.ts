import {
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  emailVerificationRequestedV2,
  SEALED_TOKEN_PLACEHOLDER,
} from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { emailVerificationMail } from '../domain/mail-templates';
import { mailOnEvent } from './mail-on-event';

/**
 * identity.email_verification.requested.v2 → the verification-link mail. The token stays sealed
 * in the job (the worker opens it when sending), and the finished job is dropped once the link
 * has expired.
 */
export function subscribeEmailVerificationRequestedSealed(deps: ServiceDeps<Config>): Promise<void> {
  return mailOnEvent(deps, {
    durable: 'notification.email-verification-mail-v2',
    event: emailVerificationRequestedV2,
    recipient: (data) => data.email,
    compose: (origin, data) =>
      emailVerificationMail(origin, {
        username: data.username,
        email: data.email,
        token: SEALED_TOKEN_PLACEHOLDER,
      }),
    sealed: (data) => ({
      token: { purpose: EMAIL_VERIFICATION_TOKEN_PURPOSE, value: data.sealedToken },
      expiresAt: new Date(data.expiresAt),
    }),
  });
}
