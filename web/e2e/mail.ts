// Reads the newest mail (the embedded file mailer's .eml files, or the cluster test's SMTP capture) and pulls a link's token
// (password reset, email verification) out of it.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Undoes quoted-printable soft breaks and escapes (nodemailer's default for text parts). */
export function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/**
 * Decoded forms of a raw .eml, most likely first: quoted-printable decoded, then its base64
 * blocks decoded. (The raw text comes last: a soft line break or "=3D" would cut a token short.)
 */
function decodedForms(raw: string): string[] {
  const forms = [decodeQuotedPrintable(raw)];
  for (const block of raw.match(/(?:^[A-Za-z0-9+/=]{20,}\r?\n)+/gm) ?? []) {
    forms.push(Buffer.from(block.replace(/\s+/g, ''), 'base64').toString('utf8'));
  }
  forms.push(raw);
  return forms;
}

/** The screens whose links carry a token in mails. */
export type TokenPage = '/reset-password' | '/verify-email';

/** The token of the first link to `page` in a raw mail. */
export function findLinkToken(raw: string, page: TokenPage): string | undefined {
  const link = new RegExp(`${page}\\?token=([A-Za-z0-9_\\-.~%]+)`);
  for (const form of decodedForms(raw)) {
    const match = link.exec(form);
    if (match?.[1]) return decodeURIComponent(match[1]);
  }
  return undefined;
}

export function findResetToken(raw: string): string | undefined {
  return findLinkToken(raw, '/reset-password');
}

async function emlNames(dir: string): Promise<string[]> {
  return (await readdir(dir).catch(() => [] as string[])).filter((n) => n.endsWith('.eml')).sort();
}

interface WaitOptions {
  /** Only mail newer than this file name (`newestMailName`). */
  after?: string;
  /**
   * Only mail to this address. A shared product holds every file's mail in one folder, so a
   * test that waits for "the newest link" must say whose.
   */
  to?: string;
  timeoutMs?: number;
}

/** Whether a raw mail's To header names `address`. */
export function isAddressedTo(raw: string, address: string): boolean {
  const headers = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const to = /^to:(.*(?:\r?\n[ \t].*)*)/im.exec(headers)?.[1] ?? '';
  return to.toLowerCase().includes(address.toLowerCase());
}

/**
 * Waits for a mail sent after `after` (file names sort by time) that holds a link to `page` and
 * returns its token; with several, the newest wins.
 */
async function waitForLinkToken(mailDir: string, page: TokenPage, options: WaitOptions): Promise<string> {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  while (Date.now() < deadline) {
    const names = (await emlNames(mailDir))
      .filter((name) => !options.after || name > options.after)
      .reverse();
    for (const name of names) {
      const raw = await readFile(path.join(mailDir, name), 'utf8');
      if (options.to && !isAddressedTo(raw, options.to)) continue;
      const token = findLinkToken(raw, page);
      if (token) return token;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(
    `No mail with a ${page} link${options.to ? ` to ${options.to}` : ''} arrived in ${mailDir}`,
  );
}

export function waitForResetToken(mailDir: string, options: WaitOptions = {}): Promise<string> {
  return waitForLinkToken(mailDir, '/reset-password', options);
}

export function waitForVerificationToken(mailDir: string, options: WaitOptions = {}): Promise<string> {
  return waitForLinkToken(mailDir, '/verify-email', options);
}

/** Name of the newest .eml now, so a later wait only accepts mail sent after this point. */
export async function newestMailName(mailDir: string): Promise<string | undefined> {
  return (await emlNames(mailDir)).at(-1);
}
