import type { JobContext, Mailer, ServiceDeps } from '@saathi/platform';
import type { Config } from '../config';
import { SentEmailsRepository } from '../db/sent-emails-repository';

/**
 * The email job: send unless already sent, then remember it. Check-before-send plus
 * mark-after-send leaves one small window — a crash (or lost DB write) after the SMTP server
 * accepted the mail but before `markSent` commits — in which a retry sends a second copy.
 * Closing it would need the SMTP server to de-duplicate; for reset and welcome mails a rare
 * duplicate is harmless, while a lost mail is not, so we prefer at-least-once here.
 */
export function sendEmailJob(
  deps: Pick<ServiceDeps<Config>, 'db' | 'clock' | 'logger'> & { mailer: Mailer },
) {
  const sent = new SentEmailsRepository(deps.db.db);
  return async (job: JobContext<'email'>): Promise<void> => {
    const { dedupeKey, ...mail } = job.data;
    if (await sent.wasSent(dedupeKey)) {
      deps.logger.info({ jobId: job.id, dedupeKey }, 'mail already sent; skipping');
      return;
    }
    await deps.mailer.send({
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      ...(mail.html ? { html: mail.html } : {}),
    });
    await sent.markSent(dedupeKey, deps.clock.now());
  };
}
