import { createHash } from 'node:crypto';
import type { createFeedbackRoute, Feedback, listFeedbackRoute } from '@saathi/contracts';
import { addressKey, withinRate } from '@saathi/platform';
import type { AuthUser, RouteInput } from '@saathi/platform';
import type { NotificationCore } from './notification-core';

/** Longest user agent kept: enough to reproduce a bug, not a place to store a novel. */
export const USER_AGENT_MAX = 512;

/** Signed in: counted per account; signed out: per address. Hashed, so keys stay short. */
function limitKey(user: AuthUser | null, ip: string): string {
  const who = user ? `user:${user.id}` : `ip:${ip}`;
  return `feedbackPerHour:${createHash('sha256').update(who).digest('base64url').slice(0, 22)}`;
}

/** A feedback's sender (signed out: null), what they wrote, and the browser it came from. */
export type FeedbackInput = Pick<
  RouteInput<typeof createFeedbackRoute, AuthUser | null>,
  'user' | 'body' | 'meta'
> & {
  /** The request's User-Agent header, kept (cut) to help reproduce a bug. */
  userAgent: string | undefined;
};

/** Anyone may send feedback (signed out, it has no user); each sender a few an hour. */
export async function sendFeedback(
  core: Pick<NotificationCore, 'feedback' | 'rateLimiter' | 'clock' | 'config'>,
  { user, body, meta, userAgent: agent }: FeedbackInput,
): Promise<Pick<Feedback, 'id' | 'status'>> {
  const now = core.clock.now();
  await withinRate(
    core.rateLimiter,
    limitKey(user, addressKey(meta.ip)),
    { limit: core.config.FEEDBACK_PER_HOUR, windowMs: 3_600_000 },
    now,
  );
  const userAgent = agent?.slice(0, USER_AGENT_MAX);
  const saved = await core.feedback.add({
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
  core: Pick<NotificationCore, 'feedback'>,
  { query }: RouteInput<typeof listFeedbackRoute>,
): Promise<Feedback[]> {
  return core.feedback.list(query.limit, query.offset);
}
