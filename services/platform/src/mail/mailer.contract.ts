import { afterEach, describe, expect, it } from 'vitest';
import type { Mailer } from '../ports';
import type { ParsedMail } from './parse-eml';

export interface MailerHarness {
  mailer: Mailer;
  /** Mail the adapter delivered, parsed from the raw RFC 822 bytes it produced. */
  delivered: () => Promise<ParsedMail[]>;
}

export interface MailerContractSetup {
  create(): Promise<MailerHarness>;
  /** A mailer whose destination is unavailable (SMTP server down, directory unwritable). */
  createUnavailable(): Mailer;
}

/** One behaviour suite for every Mailer adapter; the reset flow's tests rely on both agreeing. */
export function describeMailerContract(adapter: string, setup: MailerContractSetup): void {
  describe(`Mailer contract: ${adapter}`, () => {
    const open: Mailer[] = [];
    afterEach(async () => {
      await Promise.all(open.splice(0).map((mailer) => mailer.close()));
    });

    // Long enough that quoted-printable would wrap it; tests must still find the whole link.
    const resetLink = `http://localhost:3000/reset-password?token=${'a1'.repeat(40)}`;

    it('delivers subject, recipient and body, text and html', async () => {
      const { mailer, delivered } = await setup.create();
      open.push(mailer);
      const { messageId } = await mailer.send({
        to: 'asha@example.com',
        subject: 'Reset your Saathi password — हिंदी',
        text: `Hi Asha,\n\nOpen ${resetLink} within an hour.\n`,
        html: `<p>Open <a href="${resetLink}">this link</a>.</p>`,
      });
      expect(messageId).toMatch(/^<.+@.+>$/);
      const mails = await delivered();
      expect(mails).toHaveLength(1);
      const [mail] = mails;
      expect(mail!.to).toBe('asha@example.com');
      expect(mail!.from).toContain('no-reply@saathi.test');
      expect(mail!.subject).toBe('Reset your Saathi password — हिंदी');
      expect(mail!.text).toBe(`Hi Asha,\n\nOpen ${resetLink} within an hour.\n`);
      expect(mail!.html).toContain(`href="${resetLink}"`);
      expect(mail!.messageId).toBe(messageId);
    });

    it('sends a text-only mail', async () => {
      const { mailer, delivered } = await setup.create();
      open.push(mailer);
      await mailer.send({ to: 'ravi@example.com', subject: 'Welcome', text: 'Welcome to Saathi!' });
      const [mail] = await delivered();
      expect(mail).toMatchObject({ to: 'ravi@example.com', subject: 'Welcome', text: 'Welcome to Saathi!' });
      expect(mail!.html).toBeUndefined();
    });

    it('answers ping when the destination is available', async () => {
      const { mailer } = await setup.create();
      open.push(mailer);
      await expect(mailer.ping()).resolves.toBeUndefined();
    });

    it('rejects send and ping when the destination is unavailable, so a queue retry can happen', async () => {
      const mailer = setup.createUnavailable();
      open.push(mailer);
      await expect(mailer.send({ to: 'a@example.com', subject: 'S', text: 'T' })).rejects.toThrow();
      await expect(mailer.ping()).rejects.toThrow();
    });
  });
}
