import { createHash } from 'node:crypto';
import type { CreateFeedbackBody, Feedback } from '@saathi/contracts';
import { addressKey, enforceRate } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { NotificationCore, RequestMeta } from './notification-core';

/** Longest user agent kept: enough to reproduce a bug, not a place to store a novel. */
export const USER_AGENT_MAX = 512;

/** Signed in: counted per account; signed out: per address. Hashed, so keys stay short. */
function limitKey(user: AuthUser | null, ip: string): string {
  const who = user ? `user:${user.id}` : `ip:${ip}`;
  return `feedbackPerHour:${createHash('sha256').update(who).digest('base64url').slice(0, 22)}`;
}

/** Anyone may send feedback (signed out, it has no user); each sender a few an hour. */
export async function sendFeedback(
  deps: Pick<NotificationCore, 'feedback' | 'rateLimiter' | 'clock' | 'config'>,
  user: AuthUser | null,
  body: CreateFeedbackBody,
  meta: RequestMeta,
): Promise<Pick<Feedback, 'id' | 'status'>> {
  const now = deps.clock.now();
  await enforceRate(
    deps.rateLimiter,
    limitKey(user, addressKey(meta.ip)),
    { limit: deps.config.FEEDBACK_PER_HOUR, windowMs: 3_600_000 },
    now,
  );
  const userAgent = meta.userAgent?.slice(0, USER_AGENT_MAX);
  const saved = await deps.feedback.add({
    type: body.type,
    content: body.content,
    userId: user?.id ?? null,
    userInfo: userAgent ? { userAgent } : null,
    createdAt: now,
  });
  return { id: saved.id, status: saved.status };
}

/** Admins read feedback, newest first (the route checks the role). */
export function listFeedback(
  deps: Pick<NotificationCore, 'feedback'>,
  page: { limit: number; offset: number },
): Promise<Feedback[]> {
  return deps.feedback.list(page.limit, page.offset);
}
