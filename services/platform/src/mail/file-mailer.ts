import { randomUUID } from 'node:crypto';
import { access, constants, mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { Logger } from '../logging';
import type { Mailer, OutgoingMail } from '../ports';
import { parseEml } from './parse-eml';
import type { ParsedMail } from './parse-eml';

export interface FileMailerOptions {
  /** The embedded mode uses `<data dir>/mail/`. */
  dir: string;
  from: string;
  logger: Logger;
}

/**
 * The embedded mode's mailer: each mail becomes an RFC 822 `.eml` file (openable in any mail
 * client) and its path is logged, so a developer can follow a reset link without an SMTP server.
 */
export function createFileMailer({ dir, from, logger }: FileMailerOptions): Mailer {
  const log = logger.child({ component: 'file-mailer' });
  // nodemailer builds the exact message the SMTP mailer would send; CRLF as RFC 5322 requires.
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'windows' });

  return {
    kind: 'file',

    async send(mail: OutgoingMail): Promise<{ messageId: string }> {
      const info = await composer.sendMail({ from, ...mail });
      await mkdir(dir, { recursive: true });
      // Timestamp first so a directory listing is in sending order.
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const path = join(dir, name);
      // Write then rename, so a reader polling the directory never sees half a mail.
      // Readable by this user only: a mail holds working reset and verification links.
      await writeFile(`${path}.tmp`, info.message as Buffer, { mode: 0o600 });
      await rename(`${path}.tmp`, path);
      log.info({ to: mail.to, subject: mail.subject, path }, 'mail written');
      return { messageId: info.messageId };
    },

    async ping(): Promise<void> {
      await mkdir(dir, { recursive: true });
      await access(dir, constants.W_OK);
    },

    close(): Promise<void> {
      composer.close();
      return Promise.resolve();
    },
  };
}

export interface MailboxEntry extends ParsedMail {
  file: string;
}

/** Every `.eml` under `dir`, oldest first; an absent directory is an empty mailbox. */
export async function readMailbox(dir: string): Promise<MailboxEntry[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  const files = names.filter((name) => name.endsWith('.eml')).sort();
  return Promise.all(
    files.map(async (name) => {
      const file = join(dir, name);
      return { file, ...parseEml(await readFile(file)) };
    }),
  );
}
