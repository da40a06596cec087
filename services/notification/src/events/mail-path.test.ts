import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  emailVerificationRequestedV1,
  passwordResetRequestedV1,
  userEmailVerifiedV1,
  userRegisteredV1,
} from '@saathi/contracts';
import {
  createFileMailer,
  createLogger,
  createMemoryBus,
  createMemoryQueue,
  makeEnvelope,
  queryRows,
  readMailbox,
} from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { sendEmailJob } from '../jobs/send-email';
import { createNotificationWorkerCore } from '../use-cases/notification-core';
import { eventually, startTestNotification } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';
import { redeliveringBus } from '../testing/redelivering-bus';
import type { RedeliveringBus } from '../testing/redelivering-bus';

const logger = createLogger({ name: 'mail-path-test', level: 'silent' });
let mailDir: string;
let notification: TestNotification;
let bus: RedeliveringBus;

beforeAll(async () => {
  mailDir = mkdtempSync(join(tmpdir(), 'saathi-mail-'));
  bus = redeliveringBus(createMemoryBus({ logger }));
  notification = await startTestNotification({
    bus,
    queue: createMemoryQueue({ logger }),
    mailer: createFileMailer({ dir: mailDir, from: 'Saathi <no-reply@saathi.test>', logger }),
  });
});
afterAll(async () => {
  await notification?.close();
  rmSync(mailDir, { recursive: true, force: true });
});

/** The worker process's core, mailing into this test's mailbox (the service's own processor runs too). */
const workerCore = () =>
  createNotificationWorkerCore({
    ...notification.service.kit,
    mailer: createFileMailer({ dir: mailDir, from: 'x <x@x.test>', logger }),
  });
const mailsTo = async (to: string) => (await readMailbox(mailDir)).filter((mail) => mail.to.includes(to));

describe('mail path', () => {
  it('password reset event → email job → a mail with the reset link', async () => {
    const token = 'q'.repeat(43);
    const envelope = makeEnvelope(
      passwordResetRequestedV1,
      {
        userId: randomUUID(),
        email: 'asha@example.com',
        username: 'asha',
        token,
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      { traceId: 'test-trace' },
    );
    await notification.deps.bus.publish(envelope);
    const [mail] = await eventually(async () => {
      const found = await mailsTo('asha@example.com');
      return found.length > 0 ? found : undefined;
    });
    expect(mail!.subject).toBe('Reset your Saathi password');
    expect(mail!.text).toContain(`https://saathi.example/reset-password?token=${token}`);
    expect(mail!.text).toContain('1 hour');
    const rows = await queryRows(
      notification.database.port.db,
      sql`select dedupe_key from notification.sent_emails where dedupe_key = ${envelope.id}`,
    );
    expect(rows).toHaveLength(1);
  });

  it('email verification event → a mail with the verification link', async () => {
    const token = 'v'.repeat(43);
    const envelope = makeEnvelope(
      emailVerificationRequestedV1,
      {
        userId: randomUUID(),
        email: 'kiran@example.com',
        username: 'kiran',
        token,
        expiresAt: new Date(Date.now() + 86_400_000).toISOString(),
      },
      { traceId: 'test-trace' },
    );
    await notification.deps.bus.publish(envelope);
    const [mail] = await eventually(async () => {
      const found = await mailsTo('kiran@example.com');
      return found.length > 0 ? found : undefined;
    });
    expect(mail!.subject).toBe('Verify your email address for Saathi');
    expect(mail!.text).toContain(`https://saathi.example/verify-email?token=${token}`);
    expect(mail!.text).toContain('24 hours');
  });

  it('registration → no mail; the address proved → the welcome mail, named in the body only', async () => {
    const userId = randomUUID();
    const account = { userId, username: 'ravi', email: 'ravi@example.com', firstName: null, lastName: null };
    const registered = makeEnvelope(
      userRegisteredV1,
      { ...account, profileImageUrl: null },
      { traceId: 'test-trace' },
    );
    await notification.deps.bus.publish(registered);
    await eventually(async () => {
      const rows = await notification.rows(
        sql`select 1 from notification.inbox where event_id = ${registered.id}::uuid`,
      );
      return rows.length > 0 ? true : undefined;
    });
    // Anyone can type an address at sign-up: nothing goes to it but the verification link.
    expect(await mailsTo('ravi@example.com')).toEqual([]);

    await notification.deps.bus.publish(
      makeEnvelope(userEmailVerifiedV1, account, { traceId: 'test-trace' }),
    );
    const [mail] = await eventually(async () => {
      const found = await mailsTo('ravi@example.com');
      return found.length > 0 ? found : undefined;
    });
    expect(mail!.subject).toBe('Welcome to Saathi');
    expect(mail!.text).toContain('Welcome to Saathi, ravi!');
  });

  it('no welcome for an address proved long ago (announced again by identity at an upgrade)', async () => {
    const proved = makeEnvelope(
      userEmailVerifiedV1,
      {
        userId: randomUUID(),
        username: 'meera',
        email: 'meera@example.com',
        firstName: null,
        lastName: null,
      },
      { traceId: 'test-trace', clock: { now: () => new Date(Date.now() - 30 * 24 * 60 * 60 * 1000) } },
    );
    await notification.deps.bus.publish(proved);
    // A fresh proof after it: the welcome consumer takes events in order, so once this one is
    // mailed, the old one was handled before it.
    await notification.deps.bus.publish(
      makeEnvelope(
        userEmailVerifiedV1,
        {
          userId: randomUUID(),
          username: 'neha',
          email: 'neha@example.com',
          firstName: null,
          lastName: null,
        },
        { traceId: 'test-trace' },
      ),
    );
    await eventually(async () => ((await mailsTo('neha@example.com')).length > 0 ? true : undefined));
    expect(await mailsTo('meera@example.com')).toEqual([]);
    // The projection still took the address: message mails may go to it.
    await eventually(async () => {
      const rows = await notification.rows(
        sql`select 1 from notification.users where verified_email = 'meera@example.com'`,
      );
      return rows.length > 0 ? true : undefined;
    });
  });

  it('a redelivered event enqueues once, and a redelivered job sends once', async () => {
    const envelope = makeEnvelope(
      passwordResetRequestedV1,
      {
        userId: randomUUID(),
        email: 'once@example.com',
        username: 'once',
        token: 'o'.repeat(43),
        expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
      },
      { traceId: 'test-trace' },
    );
    const eventId = envelope.id;
    const job = { to: 'once@example.com', subject: 'Once', text: 'only once', dedupeKey: eventId };
    await notification.deps.bus.publish(envelope);
    await eventually(async () => {
      const rows = await notification.rows(
        sql`select 1 from notification.inbox where event_id = ${eventId}::uuid`,
      );
      return rows.length > 0 ? true : undefined;
    });
    // The same event again, as JetStream redelivers after a lost ack.
    await bus.redeliver(envelope);
    // Sent, and marked sent: the worker writes the mail before it commits the mark, and a
    // redelivery (a stall is noticed after seconds) comes after both.
    await eventually(async () => ((await mailsTo('once@example.com')).length > 0 ? true : undefined));
    await eventually(async () => {
      const marks = await notification.rows(
        sql`select 1 from notification.sent_emails where dedupe_key = ${eventId}`,
      );
      return marks.length > 0 ? true : undefined;
    });

    // The worker's processor run again for the same job (BullMQ redelivery after a stall).
    const core = workerCore();
    await sendEmailJob(core, { id: eventId, name: 'email', data: job, attemptsMade: 1 });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await mailsTo('once@example.com')).toHaveLength(1);
  });

  it('a mail sent again after a crash before its sent-mark keeps its Message-ID', async () => {
    const eventId = randomUUID();
    const job = { to: 'crash@example.com', subject: 'Again', text: 'same message', dedupeKey: eventId };
    const core = workerCore();
    await sendEmailJob(core, { id: eventId, name: 'email', data: job, attemptsMade: 0 });
    // The worker died after the SMTP server accepted the mail, before the mark committed.
    await notification.rows(sql`delete from notification.sent_emails where dedupe_key = ${eventId}`);
    await sendEmailJob(core, { id: eventId, name: 'email', data: job, attemptsMade: 1 });

    const mails = await mailsTo('crash@example.com');
    expect(mails).toHaveLength(2);
    expect(new Set(mails.map((mail) => mail.messageId))).toEqual(new Set([`<${eventId}@saathi.local>`]));
  });
});
