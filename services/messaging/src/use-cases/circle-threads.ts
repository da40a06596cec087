import { randomUUID } from 'node:crypto';
import {
  CircleThreadMessages,
  circleMentionedV1,
  circleThreadMessageSentV1,
  MessagingMessages,
} from '@saathi/contracts';
import type { CircleThread, CircleThreadMessage } from '@saathi/contracts';
import { httpErrors, makeEnvelope } from '@saathi/platform';
import type { AuthUser, Clock, UnitOfWork } from '@saathi/platform';
import type { CircleThreadsRepository } from '../db/circle-threads-repository';
import { toCircleMessage, toCircleThread } from '../domain/circle-thread-views';

export interface CircleThreadsCore {
  uow: UnitOfWork;
  clock: Clock;
  circles: CircleThreadsRepository;
  /** Pushes a stored message to the members' sockets (best effort; clients catch up with `after`). */
  push(recipients: readonly string[], message: CircleThreadMessage): void;
}

/** At most this many different `@names` of one message are looked up. */
const MENTIONS_MAX = 20;

/**
 * The usernames a message names as `@username`, lower-cased (identity's usernames are unique
 * regardless of case): letters, digits, `_` and `.`, not inside an address like a@b.c. A dot
 * that ends a sentence ("thanks @asha.") is tried without it too.
 */
export function mentionedNames(content: string): string[] {
  const names = new Set<string>();
  for (const [, found = ''] of content.matchAll(/(?<![A-Za-z0-9_.@])@([A-Za-z0-9_.]{1,60})/g)) {
    const name = found.toLowerCase();
    names.add(name);
    const trimmed = name.replace(/\.+$/, '');
    if (trimmed) names.add(trimmed);
    if (names.size >= MENTIONS_MAX) break;
  }
  return [...names].slice(0, MENTIONS_MAX);
}

export async function listCircleThreads(core: CircleThreadsCore, user: AuthUser): Promise<CircleThread[]> {
  return (await core.circles.threadsOf(user.id)).map(toCircleThread);
}

/** Members only; anyone else gets 404, as if the thread did not exist. */
export async function listCircleThreadMessages(
  core: CircleThreadsCore,
  user: AuthUser,
  circleId: string,
  query: { after?: string | undefined; limit: number },
): Promise<CircleThreadMessage[]> {
  if (!(await core.circles.isMember(user.id, circleId)))
    throw httpErrors.notFound(CircleThreadMessages.notFound);
  const rows = await core.circles.messages(circleId, user.id, query);
  if (!rows) throw httpErrors.badRequest('Invalid cursor');
  return rows.map(toCircleMessage);
}

/**
 * Stores a message and, once committed, pushes it to each member's room (the sender's other tabs
 * too), less anyone blocked either way with the sender. The checks, the store and its events
 * (the sent event for moderation, the mention event when it names members) are one statement
 * (db/circle-send-statement.ts). A `clientMessageId` the sender already used answers the stored
 * message and changes nothing.
 */
export async function sendCircleThreadMessage(
  core: CircleThreadsCore,
  user: AuthUser,
  circleId: string,
  body: { content: string; clientMessageId?: string | undefined },
  meta: { traceId: string },
): Promise<CircleThreadMessage> {
  const now = core.clock.now();
  const messageId = randomUUID();
  const options = { traceId: meta.traceId, clock: core.clock };
  const outcome = await core.circles.send({
    circleId,
    senderId: user.id,
    senderUsername: user.username,
    content: body.content,
    now,
    clientMessageId: body.clientMessageId ?? null,
    messageId,
    // `sentAt` and `userIds` are replaced in the statement (the stored time, the members named).
    sent: makeEnvelope(
      circleThreadMessageSentV1,
      { messageId, circleId, senderId: user.id, sentAt: now.toISOString() },
      options,
    ),
    mentioned: makeEnvelope(
      circleMentionedV1,
      { circleId, messageId, senderId: user.id, userIds: [user.id] },
      options,
    ),
    mentions: mentionedNames(body.content),
  });
  switch (outcome.kind) {
    case 'not-found':
      throw httpErrors.notFound(CircleThreadMessages.notFound);
    case 'closed':
      throw httpErrors.conflict(CircleThreadMessages.closed, 'CIRCLE_CLOSED');
    case 'retry': {
      // A retry's message was pushed and announced when it was first stored.
      const first = body.clientMessageId
        ? await core.circles.byClientId(user.id, body.clientMessageId)
        : undefined;
      if (!first) throw httpErrors.notFound(CircleThreadMessages.notFound);
      if (first.circle_id !== circleId.toLowerCase())
        throw httpErrors.conflict(MessagingMessages.clientMessageIdTaken);
      return toCircleMessage(first);
    }
    case 'stored': {
      core.uow.wakeRelay();
      const message = toCircleMessage(outcome.row);
      core.push(outcome.recipients, message);
      return message;
    }
  }
}

/** Moves the member's read marker (to `messageId`, else the newest message) and answers their unread count. */
export async function markCircleThreadRead(
  core: CircleThreadsCore,
  user: AuthUser,
  circleId: string,
  messageId: string | undefined,
): Promise<{ unreadCount: number }> {
  const unreadCount = await core.circles.markRead(user.id, circleId, messageId, core.clock.now());
  if (unreadCount === undefined) throw httpErrors.notFound(CircleThreadMessages.notFound);
  if (unreadCount === null) throw httpErrors.badRequest('Invalid message id');
  return { unreadCount };
}
