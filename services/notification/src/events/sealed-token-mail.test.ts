import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  emailVerificationRequestedV2,
  PASSWORD_RESET_TOKEN_PURPOSE,
  passwordResetRequestedV2,
} from '@saathi/contracts';
import {
  createFileMailer,
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  generateMailTokenKey,
  makeEnvelope,
  readMailbox,
  sealToken,
} from '@saathi/platform';
import type { AddJobOptions, JobQueue } from '@saathi/platform';
import { eventually, startTestNotification } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';

const logger = createLogger({ name: 'sealed-mail-test', level: 'silent' });
const mailTokenKey = generateMailTokenKey();
const key = Buffer.from(mailTokenKey, 'base64');
const queued: { data: unknown; options: AddJobOptions | undefined }[] = [];
let mailDir: string;
let notification: TestNotification;

beforeAll(async () => {
  mailDir = mkdtempSync(join(tmpdir(), 'saathi-sealed-mail-'));
  const inner = createMemoryQueue({ logger });
  // The queue as Redis would see it: what is added, with which retention.
  const queue: JobQueue = {
    ...inner,
    kind: inner.kind,
    add: (name, data, options) => {
      queued.push({ data, options });
      return inner.add(name, data, options);
    },
  };
  notification = await startTestNotification({
    bus: createMemoryBus({ logger }),
    queue,
    mailer: createFileMailer({ dir: mailDir, from: 'Saathi <no-reply@saathi.test>', logger }),
    env: { MAIL_TOKEN_KEY: mailTokenKey },
  });
});
afterAll(async () => {
  await notification?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

const mailsTo = async (to: string) => (await readMailbox(mailDir)).filter((mail) => mail.to.includes(to));

function resetEvent(email: string, token: string, expiresAt: Date) {
  return makeEnvelope(
    passwordResetRequestedV2,
    {
      userId: randomUUID(),
      email,
      username: 'asha',
      sealedToken: sealToken(key, PASSWORD_RESET_TOKEN_PURPOSE, token, expiresAt),
      expiresAt: expiresAt.toISOString(),
    },
    { traceId: 'test' },
  );
}

describe('sealed reset tokens', () => {
  it('mails the link with the opened token while the queued job holds it only sealed', async () => {
    const token = `tok_${randomUUID().replaceAll('-', '')}`;
    const expiresAt = new Date(Date.now() + 3_600_000);
    const envelope = resetEvent('sealed@example.com', token, expiresAt);
    await notification.deps.bus.publish(envelope);
    const [mail] = await eventually(async () => {
      const found = await mailsTo('sealed@example.com');
      return found.length > 0 ? found : undefined;
    });
    expect(mail!.text).toContain(`https://saathi.example/reset-password?token=${token}`);
    const job = queued.find((entry) => JSON.stringify(entry.data).includes('sealed@example.com'))!;
    expect(JSON.stringify(job.data)).not.toContain(token);
    // The finished job is kept no longer than the link lives.
    expect(job.options?.retainForMs).toBeGreaterThan(3_500_000);
    expect(job.options?.retainForMs).toBeLessThanOrEqual(3_600_000);
  });

  it('sends nothing for a link that expired before the mail could go out', async () => {
    const envelope = resetEvent('late@example.com', 'expired-token', new Date(Date.now() - 1000));
    await notification.deps.bus.publish(envelope);
    await eventually(() =>
      Promise.resolve(
        queued.some((entry) => JSON.stringify(entry.data).includes('late@example.com')) ? true : undefined,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo('late@example.com')).toHaveLength(0);
  });
});

function verificationEvent(email: string, token: string, expiresAt: Date) {
  return makeEnvelope(
    emailVerificationRequestedV2,
    {
      userId: randomUUID(),
      email,
      username: 'kiran',
      sealedToken: sealToken(key, EMAIL_VERIFICATION_TOKEN_PURPOSE, token, expiresAt),
      expiresAt: expiresAt.toISOString(),
    },
    { traceId: 'test' },
  );
}

const queuedFor = (email: string) => queued.find((entry) => JSON.stringify(entry.data).includes(email));

describe('sealed verification tokens', () => {
  it('mails the verification link with the opened token while the queued job holds it only sealed', async () => {
    // A token as identity makes it: 32 random bytes, base64url.
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + 24 * 60 * 60 * 1000);
    await notification.deps.bus.publish(verificationEvent('verify-sealed@example.com', token, expiresAt));
    const [mail] = await eventually(async () => {
      const found = await mailsTo('verify-sealed@example.com');
      return found.length > 0 ? found : undefined;
    });
    expect(mail!.subject).toBe('Verify your email address for Saathi');
    expect(mail!.text).toContain(`https://saathi.example/verify-email?token=${token}`);
    expect(mail!.html).toContain(`https://saathi.example/verify-email?token=${token}`);
    const job = queuedFor('verify-sealed@example.com')!;
    expect(JSON.stringify(job.data)).not.toContain(token);
    expect(job.data).toMatchObject({
      sealedToken: { purpose: EMAIL_VERIFICATION_TOKEN_PURPOSE },
    });
    // The finished job is kept no longer than the link lives (24 hours).
    expect(job.options?.retainForMs).toBeGreaterThan(24 * 60 * 60 * 1000 - 100_000);
    expect(job.options?.retainForMs).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
  });

  it('sends no verification mail for a link that expired before it could go out', async () => {
    const envelope = verificationEvent(
      'verify-late@example.com',
      randomBytes(32).toString('base64url'),
      new Date(Date.now() - 1000),
    );
    await notification.deps.bus.publish(envelope);
    await eventually(() => Promise.resolve(queuedFor('verify-late@example.com') ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo('verify-late@example.com')).toHaveLength(0);
  });

  it('does not mail a verification link whose token was sealed for another purpose', async () => {
    const envelope = makeEnvelope(
      emailVerificationRequestedV2,
      {
        userId: randomUUID(),
        email: 'verify-misused@example.com',
        username: 'kiran',
        sealedToken: sealToken(
          key,
          PASSWORD_RESET_TOKEN_PURPOSE,
          randomBytes(32).toString('base64url'),
          new Date(Date.now() + 3_600_000),
        ),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      { traceId: 'test' },
    );
    await notification.deps.bus.publish(envelope);
    await eventually(() => Promise.resolve(queuedFor('verify-misused@example.com') ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo('verify-misused@example.com')).toHaveLength(0);
  });
});
