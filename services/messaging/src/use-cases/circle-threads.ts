import { randomUUID } from 'node:crypto';
import {
  CircleThreadMessages,
  circleMentionedV1,
  circleThreadMessageSentV1,
  MessagingMessages,
} from '@saathi/contracts';
import type {
  circleClosedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRenamedV1,
  listCircleThreadMessagesRoute,
  listCircleThreadsRoute,
  markCircleThreadReadRoute,
  sendCircleThreadMessageRoute,
} from '@saathi/contracts';
import { makeEnvelope, outcomes } from '@saathi/platform';
import type { ConsumedEvent, RouteInput, RouteOutput } from '@saathi/platform';
import { toCircleMessage, toCircleThread } from '../domain/circle-thread-views';
import type { MessagingCore } from './messaging-core';

/** A circle's group thread: its members only (anyone else gets 404, as if it did not exist). */

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

/** The viewer's threads, newest visible message first, each with its unread count. */
export async function listCircleThreads(
  core: Pick<MessagingCore, 'circles'>,
  { user }: RouteInput<typeof listCircleThreadsRoute>,
): Promise<RouteOutput<typeof listCircleThreadsRoute>> {
  return (await core.circles.threadsOf(user.id)).map(toCircleThread);
}

/** Members only; anyone else gets 404, as if the thread did not exist. */
export async function listCircleThreadMessages(
  core: Pick<MessagingCore, 'circles'>,
  { user, params: { circleId }, query }: RouteInput<typeof listCircleThreadMessagesRoute>,
): Promise<RouteOutput<typeof listCircleThreadMessagesRoute>> {
  if (!(await core.circles.isMember(user.id, circleId)))
    throw outcomes.notFound(CircleThreadMessages.notFound);
  const rows = await core.circles.messages(circleId, user.id, query);
  if (!rows) throw outcomes.invalid('Invalid cursor');
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
  core: Pick<MessagingCore, 'uow' | 'clock' | 'circles' | 'pusher'>,
  { user, params: { circleId }, body, meta }: RouteInput<typeof sendCircleThreadMessageRoute>,
): Promise<RouteOutput<typeof sendCircleThreadMessageRoute>> {
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
      throw outcomes.notFound(CircleThreadMessages.notFound);
    case 'closed':
      throw outcomes.conflict(CircleThreadMessages.closed, 'CIRCLE_CLOSED');
    case 'retry': {
      // A retry's message was pushed and announced when it was first stored.
      const first = body.clientMessageId
        ? await core.circles.byClientId(user.id, body.clientMessageId)
        : undefined;
      if (!first) throw outcomes.notFound(CircleThreadMessages.notFound);
      if (first.circle_id !== circleId.toLowerCase())
        throw outcomes.conflict(MessagingMessages.clientMessageIdTaken);
      return toCircleMessage(first);
    }
    case 'stored': {
      core.uow.wakeRelay();
      const message = toCircleMessage(outcome.row);
      core.pusher.circleThreadMessage(outcome.recipients, message);
      return message;
    }
  }
}

/** Moves the member's read marker (to `messageId`, else the newest message) and answers their unread count. */
export async function markCircleThreadRead(
  core: Pick<MessagingCore, 'clock' | 'circles'>,
  { user, params: { circleId }, body: { messageId } }: RouteInput<typeof markCircleThreadReadRoute>,
): Promise<RouteOutput<typeof markCircleThreadReadRoute>> {
  const unreadCount = await core.circles.markRead(user.id, circleId, messageId, core.clock.now());
  if (unreadCount === undefined) throw outcomes.notFound(CircleThreadMessages.notFound);
  if (unreadCount === null) throw outcomes.invalid('Invalid message id');
  return { unreadCount };
}

/*
 * feed's circle events → circle threads, once per event (inbox). The consumers can handle their
 * events out of order, so each applies its event as of the event's time (`occurredAt`): a join
 * older than the person's latest leave adds nobody, a leave removes only an older membership, and
 * a name older than the stored one is not applied (`CircleThreadsRepository`). A join or leave
 * about a person whose account was erased, handled after the erasure, changes nothing.
 */

/** A join opens the thread if it is not there yet (named by the join's `circleName`) and adds the person. */
export async function joinCircleThread(
  core: Pick<MessagingCore, 'clock' | 'circles'>,
  { data: { circleId, circleName, userId }, tx, occurredAt }: ConsumedEvent<typeof circleMemberJoinedV1>,
): Promise<void> {
  const circles = core.circles.with(tx);
  const now = core.clock.now();
  if (await circles.anyErased([userId])) return;
  await circles.name(circleId, circleName, occurredAt, now);
  await circles.join(circleId, userId, occurredAt, now);
}

/** A leave (left, removed, blocked with an organiser, erased) takes the person out at once. */
export async function leaveCircleThread(
  core: Pick<MessagingCore, 'circles'>,
  { data: { circleId, userId }, tx, occurredAt }: ConsumedEvent<typeof circleMemberLeftV1>,
): Promise<void> {
  await core.circles.with(tx).leave(circleId, userId, occurredAt);
}

export async function renameCircleThread(
  core: Pick<MessagingCore, 'clock' | 'circles'>,
  { data: { circleId, name }, tx, occurredAt }: ConsumedEvent<typeof circleRenamedV1>,
): Promise<void> {
  await core.circles.with(tx).name(circleId, name, occurredAt, core.clock.now());
}

/** A closed circle's thread stays readable and takes no more messages. */
export async function closeCircleThread(
  core: Pick<MessagingCore, 'clock' | 'circles'>,
  { data: { circleId }, tx, occurredAt }: ConsumedEvent<typeof circleClosedV1>,
): Promise<void> {
  await core.circles.with(tx).close(circleId, occurredAt, core.clock.now());
}
