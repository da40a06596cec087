import { describe, expect, it } from 'vitest';
import { IdentityMessages } from '@saathi/contracts';
import type { Feedback } from '@saathi/contracts';
import type { FeedbackRepository, NewFeedback } from '../db/feedback-repository';
import {
  admin,
  fake,
  fakeClock,
  member,
  meta,
  rateLimiter,
  routeInput,
  testConfig,
} from '../testing/fake-core';
import { listFeedback, sendFeedback, USER_AGENT_MAX } from './feedback';

// Feedback's policies on fakes: who it is recorded as, what of the browser is kept, and the
// hourly limit per account (or per address, signed out).

function feedbackFake() {
  const added: NewFeedback[] = [];
  const feedback = fake<FeedbackRepository>({
    add: (entry: NewFeedback) => {
      added.push(entry);
      return Promise.resolve({ id: `feedback-${added.length}`, status: 'open' } as Feedback);
    },
  });
  return { feedback, added };
}

const core = (feedback: FeedbackRepository, perHour = 10) => ({
  feedback,
  rateLimiter: rateLimiter(),
  clock: fakeClock(),
  config: { ...testConfig, FEEDBACK_PER_HOUR: perHour },
});

const body = { type: 'bug' as const, content: 'The map does not load' };

describe('sendFeedback', () => {
  it('records a signed-in sender, open, with the browser’s user agent cut to its limit', async () => {
    const { feedback, added } = feedbackFake();
    const asha = member();
    const saved = await sendFeedback(core(feedback), {
      user: asha,
      body,
      meta,
      userAgent: 'x'.repeat(USER_AGENT_MAX + 100),
    });
    expect(saved).toEqual({ id: 'feedback-1', status: 'open' });
    expect(added).toEqual([
      {
        type: 'bug',
        content: body.content,
        userId: asha.id,
        userInfo: { userAgent: 'x'.repeat(USER_AGENT_MAX) },
        createdAt: fakeClock().now(),
      },
    ]);
  });

  it('takes a signed-out visitor’s feedback with no user, and no browser when none was said', async () => {
    const { feedback, added } = feedbackFake();
    await sendFeedback(core(feedback), { user: null, body, meta, userAgent: undefined });
    expect(added[0]).toMatchObject({ userId: null, userInfo: null });
  });

  it('refuses past the hourly limit per account, with the product’s words and when to try again', async () => {
    const { feedback, added } = feedbackFake();
    const parts = core(feedback, 2);
    const asha = member();
    const send = (user = asha) => sendFeedback(parts, { user, body, meta, userAgent: undefined });
    await send();
    await send();
    await expect(send()).rejects.toMatchObject({
      kind: 'rate-limited',
      message: IdentityMessages.tooManyAttempts,
      code: 'RATE_LIMITED',
      retryAfterSeconds: expect.any(Number) as number,
    });
    // Someone else still may: the limit is each sender's own.
    await send(member());
    expect(added).toHaveLength(3);
  });

  it('counts signed-out visitors per address', async () => {
    const { feedback } = feedbackFake();
    const parts = core(feedback, 1);
    await sendFeedback(parts, { user: null, body, meta, userAgent: undefined });
    await expect(sendFeedback(parts, { user: null, body, meta, userAgent: undefined })).rejects.toMatchObject(
      { kind: 'rate-limited' },
    );
    await sendFeedback(parts, { user: null, body, meta: { ...meta, ip: '10.0.0.9' }, userAgent: undefined });
  });
});

describe('listFeedback', () => {
  it('reads the page asked for', async () => {
    const pages: unknown[] = [];
    const feedback = fake<FeedbackRepository>({
      list: (limit: number, offset: number) => {
        pages.push([limit, offset]);
        return Promise.resolve([]);
      },
    });
    expect(
      await listFeedback({ feedback }, routeInput(admin(), { query: { limit: 20, offset: 40 } })),
    ).toEqual([]);
    expect(pages).toEqual([[20, 40]]);
  });
});
