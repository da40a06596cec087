import {
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  PASSWORD_RESET_TOKEN_PURPOSE,
  QueueName,
  SEALED_TOKEN_PLACEHOLDER,
} from '@saathi/contracts';
import type {
  emailVerificationRequestedV1,
  emailVerificationRequestedV2,
  EventEnvelope,
  passwordResetRequestedV1,
  passwordResetRequestedV2,
  userEmailVerifiedV1,
} from '@saathi/contracts';
import type { ConsumedEvent } from '@saathi/platform';
import { emailVerificationMail, passwordResetMail, welcomeMail } from '../domain/mail-templates';
import type { MailContent } from '../domain/mail-templates';
import type { NotificationCore } from './notification-core';

// Identity's account events as mails: each event queues one mail for the mail worker
// (jobs/send-email.ts). The job id is the event's id, so a redelivered event never queues a
// second mail: the queue is not part of the inbox's transaction, and if that commit fails after
// the add, the redelivered event adds the same id again, which the queue de-duplicates.

type Mails = Pick<NotificationCore, 'queue' | 'clock' | 'config' | 'logger'>;

/** A mail whose link carries a one-time token sealed by identity (opened by the worker when it sends). */
interface SealedToken {
  token: { purpose: string; value: string };
  /** When the link expires: the finished job is dropped by then. */
  expiresAt: Date;
}

async function queueMail(
  core: Mails,
  { envelope }: { envelope: Pick<EventEnvelope, 'id' | 'type' | 'traceId'> },
  to: string,
  mail: MailContent,
  sealed?: SealedToken,
): Promise<void> {
  const retainForMs = sealed
    ? Math.max(1000, sealed.expiresAt.getTime() - core.clock.now().getTime())
    : undefined;
  await core.queue.add(
    QueueName.email,
    { to, ...mail, dedupeKey: envelope.id, ...(sealed ? { sealedToken: sealed.token } : {}) },
    {
      jobId: envelope.id,
      attempts: core.config.EMAIL_MAX_ATTEMPTS,
      backoffMs: core.config.EMAIL_RETRY_BACKOFF_MS,
      ...(retainForMs !== undefined ? { retainForMs } : {}),
      // The event's trace, which the mail worker continues.
      ...(envelope.traceId ? { traceId: envelope.traceId } : {}),
    },
  );
  core.logger.info({ eventId: envelope.id, traceId: envelope.traceId, event: envelope.type }, 'mail queued');
}

/**
 * identity.password_reset.requested.v2 → the reset-link mail. The token stays sealed in the job
 * (the worker opens it when sending), and the finished job is dropped once the link has expired.
 */
export const mailPasswordResetSealed = (core: Mails, event: ConsumedEvent<typeof passwordResetRequestedV2>) =>
  queueMail(
    core,
    event,
    event.data.email,
    passwordResetMail(core.config.PUBLIC_ORIGIN, {
      username: event.data.username,
      token: SEALED_TOKEN_PLACEHOLDER,
    }),
    {
      token: { purpose: PASSWORD_RESET_TOKEN_PURPOSE, value: event.data.sealedToken },
      expiresAt: new Date(event.data.expiresAt),
    },
  );

/**
 * identity.email_verification.requested.v2 → the verification-link mail, its token sealed like
 * the reset mail's.
 */
export const mailEmailVerificationSealed = (
  core: Mails,
  event: ConsumedEvent<typeof emailVerificationRequestedV2>,
) =>
  queueMail(
    core,
    event,
    event.data.email,
    emailVerificationMail(core.config.PUBLIC_ORIGIN, {
      username: event.data.username,
      email: event.data.email,
      token: SEALED_TOKEN_PLACEHOLDER,
    }),
    {
      token: { purpose: EMAIL_VERIFICATION_TOKEN_PURPOSE, value: event.data.sealedToken },
      expiresAt: new Date(event.data.expiresAt),
    },
  );

/**
 * identity.password_reset.requested.v1 → the reset-link mail. Identity publishes v2 now; this
 * mails the v1 events still in flight (their links live an hour) and can go a day after the deploy.
 */
export const mailPasswordReset = (core: Mails, event: ConsumedEvent<typeof passwordResetRequestedV1>) =>
  queueMail(core, event, event.data.email, passwordResetMail(core.config.PUBLIC_ORIGIN, event.data));

/**
 * identity.email_verification.requested.v1 → the verification-link mail. Identity publishes v2
 * now; this mails the v1 events still in flight (their links live 24 hours) and can go a day
 * after the deploy.
 */
export const mailEmailVerification = (
  core: Mails,
  event: ConsumedEvent<typeof emailVerificationRequestedV1>,
) => queueMail(core, event, event.data.email, emailVerificationMail(core.config.PUBLIC_ORIGIN, event.data));

/**
 * A proof older than this gets no welcome: identity announced every address proved before the
 * event existed (its migration 0008), as of when each was proved, and those people are not new.
 */
export const WELCOME_WITHIN_MS = 24 * 60 * 60 * 1000;

/**
 * identity.user.email_verified.v1 → the welcome mail. Not at registration: until its owner proves
 * the address, it may be anyone's, and they would get a mail from us they never asked for.
 */
export async function mailWelcome(
  core: Mails,
  event: ConsumedEvent<typeof userEmailVerifiedV1>,
): Promise<void> {
  if (core.clock.now().getTime() - event.occurredAt.getTime() >= WELCOME_WITHIN_MS) {
    core.logger.info({ eventId: event.envelope.id, traceId: event.envelope.traceId }, 'mail not due');
    return;
  }
  await queueMail(core, event, event.data.email, welcomeMail(core.config.PUBLIC_ORIGIN, event.data));
}
