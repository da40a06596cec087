import { SEALED_TOKEN_PLACEHOLDER } from '@saathi/contracts';
import { openToken } from '@saathi/platform';
import type { JobContext } from '@saathi/platform';
import type { NotificationWorkerCore } from '../use-cases/notification-core';

/**
 * The Message-ID of the mail a job sends: the same for every attempt, so the copy a retry sends
 * after a crash is recognised as the same message (see sendEmailJob).
 */
export function mailMessageId(dedupeKey: string, from: string): string {
  const domain = /@([^\s<>@]+)>?\s*$/.exec(from)?.[1] ?? 'saathi.local';
  return `<${dedupeKey}@${domain}>`;
}

/**
 * The email job: send unless already sent, then remember it. Check-before-send plus
 * mark-after-send leaves one small window — a crash (or lost DB write) after the SMTP server
 * accepted the mail but before `markSent` commits — in which a retry sends a second copy: no
 * SMTP reply can be made atomic with our commit. For reset and welcome mails a lost mail is
 * worse than a repeated one, so we prefer at-least-once, and make the repeat the same message:
 * its Message-ID comes from the dedupe key, so mailbox providers that collapse one id (Gmail
 * does) show it once. The reliability test kills the worker mid-batch and counts both.
 */
export async function sendEmailJob(
  core: Pick<NotificationWorkerCore, 'sentEmails' | 'clock' | 'logger' | 'config' | 'mailer'>,
  job: JobContext<'email'>,
): Promise<void> {
  const { dedupeKey, sealedToken, ...mail } = job.data;
  if (await core.sentEmails.wasSent(dedupeKey)) {
    core.logger.info({ jobId: job.id, dedupeKey }, 'mail already sent; skipping');
    return;
  }
  // The link's token is opened only now, in memory, just before the mail leaves.
  let fill = (body: string) => body;
  if (sealedToken) {
    const token = openToken(
      core.config.MAIL_TOKEN_KEY,
      sealedToken.purpose,
      sealedToken.value,
      core.clock.now(),
    );
    if (token === null) {
      // Expired (the link would not work any more) or not sealed with our key: nothing to send.
      core.logger.warn(
        { jobId: job.id, dedupeKey, purpose: sealedToken.purpose },
        'sealed token unusable; mail dropped',
      );
      return;
    }
    fill = (body) => body.replaceAll(SEALED_TOKEN_PLACEHOLDER, encodeURIComponent(token));
  }
  await core.mailer.send({
    messageId: mailMessageId(dedupeKey, core.config.MAIL_FROM),
    to: mail.to,
    subject: mail.subject,
    text: fill(mail.text),
    ...(mail.html ? { html: fill(mail.html) } : {}),
  });
  await core.sentEmails.markSent(dedupeKey, core.clock.now());
}
