export { createFileMailer, readMailbox } from './file-mailer';
export type { FileMailerOptions, MailboxEntry } from './file-mailer';
export { createSmtpMailer } from './smtp-mailer';
export type { SmtpMailerOptions } from './smtp-mailer';
export { parseEml } from './parse-eml';
export type { ParsedMail } from './parse-eml';
