import { createTransport } from 'nodemailer';
import type { Logger } from '../logging';
import type { Mailer, OutgoingMail } from '../ports';

export interface SmtpMailerOptions {
  /** e.g. `smtp://127.0.0.1:1025` or `smtps://user:pass@mail.example.com`. */
  url: string;
  from: string;
  logger: Logger;
}

export function createSmtpMailer({ url, from, logger }: SmtpMailerOptions): Mailer {
  const log = logger.child({ component: 'smtp-mailer' });
  // Short timeouts: a send runs inside a queue job, and a hung server should fail the attempt
  // (and let the back-off retry) rather than hold the worker for nodemailer's 2-minute default.
  const transporter = createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  });

  return {
    kind: 'smtp',

    async send(mail: OutgoingMail): Promise<{ messageId: string }> {
      const info = await transporter.sendMail({ from, ...mail });
      log.info({ to: mail.to, subject: mail.subject, messageId: info.messageId }, 'mail sent');
      return { messageId: info.messageId };
    },

    async ping(): Promise<void> {
      await transporter.verify();
    },

    close(): Promise<void> {
      transporter.close();
      return Promise.resolve();
    },
  };
}
