import { writeFileSync } from 'node:fs';
import { mkdtemp, readFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../logging';
import { createFileMailer, readMailbox } from './file-mailer';
import { describeMailerContract } from './mailer.contract';
import { parseEml } from './parse-eml';
import type { ParsedMail } from './parse-eml';
import { createSmtpMailer } from './smtp-mailer';

const logger = createLogger({ name: 'mailer-test', level: 'silent' });
const from = 'Saathi <no-reply@saathi.test>';

// A real SMTP server in the test process: what the SMTP mailer sends is parsed from the wire.
let inbox: { recipients: string[]; raw: Buffer }[] = [];
let smtpUrl = '';
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      inbox.push({
        recipients: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks),
      });
      callback();
    });
  },
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  smtpUrl = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describeMailerContract('smtp', {
  create() {
    inbox = [];
    const mailer = createSmtpMailer({ url: smtpUrl, from, logger });
    return Promise.resolve({
      mailer,
      delivered: () => Promise.resolve(inbox.map((message): ParsedMail => parseEml(message.raw))),
    });
  },
  // Port 1 on loopback: nothing listens there, so connecting is refused at once.
  createUnavailable: () => createSmtpMailer({ url: 'smtp://127.0.0.1:1', from, logger }),
});

describeMailerContract('file', {
  async create() {
    const dir = join(await mkdtemp(join(tmpdir(), 'saathi-mail-')), 'mail');
    return { mailer: createFileMailer({ dir, from, logger }), delivered: () => readMailbox(dir) };
  },
  createUnavailable() {
    // A directory that cannot exist: its parent is a regular file.
    const blocker = join(tmpdir(), `saathi-not-a-dir-${process.pid}`);
    writeFileSync(blocker, '');
    return createFileMailer({ dir: join(blocker, 'mail'), from, logger });
  },
});

describe('file mailer', () => {
  it('writes standard .eml files, oldest first, and logs where', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'saathi-mail-')), 'mail');
    const lines: string[] = [];
    const capture = createLogger({
      name: 'mail',
      level: 'info',
      destination: { write: (line: string) => void lines.push(line) },
    });
    const mailer = createFileMailer({ dir, from, logger: capture });
    await mailer.send({ to: 'first@example.com', subject: 'One', text: 'first' });
    await mailer.send({ to: 'second@example.com', subject: 'Two', text: 'second' });

    const mails = await readMailbox(dir);
    expect(mails.map((mail) => mail.subject)).toEqual(['One', 'Two']);
    const raw = await readFile(mails[0]!.file, 'utf8');
    expect(raw).toMatch(/^[\s\S]*\r\nSubject: One\r\n/);
    expect(raw).toMatch(/\r\nMIME-Version: 1\.0\r\n/);
    expect(lines.join('')).toContain(mails[0]!.file);
  });

  it('joins a multi-byte character split across encoded words', () => {
    const raw = 'Subject: =?UTF-8?Q?=E0=A4?= =?UTF-8?B?ueCkvw==?=\r\n\r\nbody\r\n';
    expect(parseEml(raw)).toMatchObject({ subject: 'हि', text: 'body' });
  });

  it('reads an absent mailbox as empty', async () => {
    expect(await readMailbox(join(tmpdir(), 'saathi-no-such-mailbox'))).toEqual([]);
  });
});

describe('smtp mailer', () => {
  it('sends to the envelope recipient', async () => {
    inbox = [];
    const mailer = createSmtpMailer({ url: smtpUrl, from, logger });
    await mailer.send({ to: 'meera@example.com', subject: 'Hi', text: 'Hello' });
    await mailer.close();
    expect(inbox.map((message) => message.recipients)).toEqual([['meera@example.com']]);
  });
});
