import {
  ACTIVITY_THREAD_OPEN_AFTER_START_MS,
  ActivityThreadMessages,
  activityThreadMessageSentV1,
} from '@saathi/contracts';
import type {
  activityAcceptedV1,
  activityLeftV1,
  contentRemovedV1,
  listActivityThreadMessagesRoute,
  listActivityThreadsRoute,
  postDeletedV1,
  sendActivityThreadMessageRoute,
} from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { ConsumedEvent, RouteInput, RouteOutput } from '@saathi/platform';
import { asDate } from '../db/as-date';
import { toActivityThread, toThreadMessage } from '../domain/activity-thread-views';
import type { MessagingCore } from './messaging-core';

/**
 * An activity's group thread: the host and the people they accepted (feed's events), its members
 * only (anyone else gets 404, as if it did not exist).
 */

/** The viewer's threads, soonest activity first, each with its members (host first) and last message. */
export async function listActivityThreads(
  core: Pick<MessagingCore, 'clock' | 'threads'>,
  { user }: RouteInput<typeof listActivityThreadsRoute>,
): Promise<RouteOutput<typeof listActivityThreadsRoute>> {
  const threads = await core.threads.threadsOf(user.id);
  const postIds = threads.map((thread) => thread.post_id);
  const [members, lastMessages] = await Promise.all([
    core.threads.membersOf(postIds, user.id),
    core.threads.lastMessages(postIds, user.id),
  ]);
  const now = core.clock.now();
  return threads.map((thread) =>
    toActivityThread(
      thread,
      members.filter((member) => member.post_id === thread.post_id),
      lastMessages.find((message) => message.post_id === thread.post_id),
      now,
    ),
  );
}

/** Members only; anyone else gets 404, as if the thread did not exist. */
export async function listActivityThreadMessages(
  core: Pick<MessagingCore, 'threads'>,
  { user, params: { postId }, query }: RouteInput<typeof listActivityThreadMessagesRoute>,
): Promise<RouteOutput<typeof listActivityThreadMessagesRoute>> {
  if (!(await core.threads.threadFor(user.id, postId)))
    throw outcomes.notFound(ActivityThreadMessages.notFound);
  const rows = await core.threads.messages(postId, user.id, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
  });
  if (!rows) throw outcomes.invalid('Invalid cursor');
  return rows.map(toThreadMessage);
}

/** A member's message, until the thread archives a day after its activity starts (409 then). */
export async function sendActivityThreadMessage(
  core: Pick<MessagingCore, 'uow' | 'clock' | 'threads' | 'participants' | 'pusher'>,
  { user, params: { postId }, body: { content }, meta }: RouteInput<typeof sendActivityThreadMessageRoute>,
): Promise<RouteOutput<typeof sendActivityThreadMessageRoute>> {
  const thread = await core.threads.threadFor(user.id, postId);
  if (!thread) throw outcomes.notFound(ActivityThreadMessages.notFound);
  const now = core.clock.now();
  if (asDate(thread.archives_at).getTime() <= now.getTime())
    throw outcomes.conflict(ActivityThreadMessages.archived, 'THREAD_ARCHIVED');
  // The sender is named by their token until identity's event arrives, as in 1:1 chats.
  await core.participants.ensureFromToken(user.id, user.username);
  // Stored and announced together (outbox): moderation learns the author and the thread from
  // the event, so a report of the message has an owner and only members can file one.
  const message = await core.uow.withEvents(
    async (tx, emit) => {
      const stored = toThreadMessage(await core.threads.with(tx).addMessage(postId, user.id, content, now));
      emit(activityThreadMessageSentV1, {
        messageId: stored.id,
        postId,
        senderId: user.id,
        sentAt: stored.createdAt,
      });
      return stored;
    },
    { traceId: meta.traceId },
  );
  // Best effort: a member not connected catches up with `after`.
  core.pusher.activityThreadMessage(await core.threads.recipientsOf(postId, user.id), message);
  return message;
}

/** When a thread stops taking messages: a day after its activity starts. */
export const archivesAtFor = (startsAt: Date): Date =>
  new Date(startsAt.getTime() + ACTIVITY_THREAD_OPEN_AFTER_START_MS);

/*
 * Members follow feed's events, each once (inbox). The accepted and left consumers can handle
 * their events out of order, so each applies its event as of the event's time (`occurredAt`): an
 * acceptance older than the person's latest leave adds nobody, and a leave removes only an older
 * membership (`ActivityThreadsRepository.accept`). An event about a person whose account was
 * erased, handled after the erasure, changes nothing.
 */

/**
 * feed.activity.accepted.v1: the first acceptance opens the thread with the host in it, and each
 * accepted (or promoted) person is added. An acceptance of a post already gone opens nothing.
 */
export async function joinActivityThread(
  core: Pick<MessagingCore, 'clock' | 'threads'>,
  { data, tx, occurredAt }: ConsumedEvent<typeof activityAcceptedV1>,
): Promise<void> {
  const threads = core.threads.with(tx);
  const { postId, hostId, userId } = data;
  const startsAt = new Date(data.startsAt);
  const now = core.clock.now();
  // About someone whose account is erased (an event written before the deletion, handled
  // after it): no thread is opened for it, not even one with the host alone.
  if (await threads.anyErased([hostId, userId])) return;
  // A post deleted before this acceptance was handled has no thread to join.
  const open = await threads.open({ postId, hostId, startsAt, archivesAt: archivesAtFor(startsAt) }, now);
  if (open) await threads.accept(postId, userId, occurredAt, now);
}

/** feed.activity.left.v1: whoever gives up an accepted spot leaves the thread. */
export async function leaveActivityThread(
  core: Pick<MessagingCore, 'threads'>,
  { data, tx, occurredAt }: ConsumedEvent<typeof activityLeftV1>,
): Promise<void> {
  if (!data.wasAccepted) return;
  await core.threads.with(tx).leave(data.postId, data.userId, occurredAt);
}

/**
 * An activity's post deleted (by its host, an admin or account erasure): its thread goes with it,
 * members and messages, as the post's comments do. Without this a host whose activity was taken
 * down could go on messaging everyone in it until the thread archived. The post is remembered as
 * gone, so an acceptance handled after the deletion (another consumer) opens nothing.
 */
export async function removePostThread(
  core: Pick<MessagingCore, 'clock' | 'threads'>,
  { data, tx }: ConsumedEvent<typeof postDeletedV1>,
): Promise<void> {
  await core.threads.with(tx).remove(data.postId, core.clock.now());
}

/** A post removed by moderation: as deleted (a post hidden pending review keeps its thread). */
export async function removeModeratedPostThread(
  core: Pick<MessagingCore, 'clock' | 'threads'>,
  { data, tx }: ConsumedEvent<typeof contentRemovedV1>,
): Promise<void> {
  if (data.targetKind === 'post') await core.threads.with(tx).remove(data.targetId, core.clock.now());
}
