import { describe, expect, it } from 'vitest';
import {
  EMAIL_VERIFICATION_TOKEN_PURPOSE,
  emailVerificationRequestedV1,
  emailVerificationRequestedV2,
  PASSWORD_RESET_TOKEN_PURPOSE,
  passwordResetRequestedV1,
  passwordResetRequestedV2,
  QueueName,
  SEALED_TOKEN_PLACEHOLDER,
  userEmailVerifiedV1,
} from '@saathi/contracts';
import { consumed, fakeClock, fakeQueue, silentLogger, testConfig } from '../testing/fake-core';
import {
  mailEmailVerification,
  mailEmailVerificationSealed,
  mailPasswordReset,
  mailPasswordResetSealed,
  mailWelcome,
  WELCOME_WITHIN_MS,
} from './account-mails';

// The account mails on fakes: one queued job per event, its id the event's (a redelivery queues
// nothing new), the token sealed until the worker sends, and a welcome only for a fresh proof.

const now = new Date('2026-06-01T12:00:00.000Z');
const core = () => ({ queue: fakeQueue(), clock: fakeClock(now), config: testConfig, logger: silentLogger });
const person = {
  userId: '00000000-0000-4000-8000-0000000000a1',
  email: 'asha@example.com',
  username: 'asha',
};

describe('account mails', () => {
  it('a reset request (v1) queues the reset mail with its link, job id and dedupe key the event’s', async () => {
    const parts = core();
    const token = 't'.repeat(43);
    const event = consumed(passwordResetRequestedV1, {
      ...person,
      token,
      expiresAt: '2026-06-01T13:00:00.000Z',
    });
    await mailPasswordReset(parts, event);
    const [job] = parts.queue.added;
    expect(job).toMatchObject({
      queue: QueueName.email,
      data: { to: 'asha@example.com', dedupeKey: event.envelope.id },
      options: {
        jobId: event.envelope.id,
        attempts: testConfig.EMAIL_MAX_ATTEMPTS,
        backoffMs: testConfig.EMAIL_RETRY_BACKOFF_MS,
        traceId: 'trace-2',
      },
    });
    expect((job?.data as { text: string }).text).toContain(
      `https://saathi.example/reset-password?token=${token}`,
    );
    expect(job?.options).not.toHaveProperty('retainForMs');
  });

  it('a sealed reset (v2) keeps the token sealed and the finished job only while the link lives', async () => {
    const parts = core();
    const event = consumed(passwordResetRequestedV2, {
      ...person,
      sealedToken: 's'.repeat(40),
      expiresAt: '2026-06-01T13:00:00.000Z',
    });
    await mailPasswordResetSealed(parts, event);
    const [job] = parts.queue.added;
    expect(job?.data).toMatchObject({
      sealedToken: { purpose: PASSWORD_RESET_TOKEN_PURPOSE, value: 's'.repeat(40) },
    });
    expect((job?.data as { text: string }).text).toContain(SEALED_TOKEN_PLACEHOLDER);
    expect(job?.options?.retainForMs).toBe(60 * 60 * 1000);
  });

  it('a sealed link already expired is still kept a second (the worker drops it)', async () => {
    const parts = core();
    await mailEmailVerificationSealed(
      parts,
      consumed(emailVerificationRequestedV2, {
        ...person,
        sealedToken: 'v'.repeat(40),
        expiresAt: '2026-06-01T11:00:00.000Z',
      }),
    );
    expect(parts.queue.added[0]?.options?.retainForMs).toBe(1000);
    expect(parts.queue.added[0]?.data).toMatchObject({
      sealedToken: { purpose: EMAIL_VERIFICATION_TOKEN_PURPOSE },
    });
  });

  it('a verification request (v1) mails the verification link to the address to prove', async () => {
    const parts = core();
    await mailEmailVerification(
      parts,
      consumed(emailVerificationRequestedV1, {
        ...person,
        email: 'new@example.com',
        token: 'v'.repeat(43),
        expiresAt: '2026-06-02T12:00:00.000Z',
      }),
    );
    expect(parts.queue.added).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ to: 'new@example.com' }) as unknown }),
    ]);
  });

  it('welcomes a fresh proof of the address, and not one proved a day or more ago', async () => {
    const fresh = core();
    const account = { ...person, firstName: null, lastName: null };
    await mailWelcome(fresh, consumed(userEmailVerifiedV1, account, new Date(now.getTime() - 60_000)));
    expect(fresh.queue.added).toHaveLength(1);
    expect(fresh.queue.added[0]?.data).toMatchObject({ subject: 'Welcome to Saathi' });

    const old = core();
    await mailWelcome(
      old,
      consumed(userEmailVerifiedV1, account, new Date(now.getTime() - WELCOME_WITHIN_MS)),
    );
    expect(old.queue.added).toEqual([]);
  });
});
