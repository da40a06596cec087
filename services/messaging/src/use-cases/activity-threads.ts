import {
  ACTIVITY_THREAD_OPEN_AFTER_START_MS,
  ActivityThreadMessages,
  activityThreadMessageSentV1,
} from '@saathi/contracts';
import type { ActivityThread, ActivityThreadMessage } from '@saathi/contracts';
import { httpErrors } from '@saathi/platform';
import type { AuthUser, Clock, UnitOfWork } from '@saathi/platform';
import type { ActivityThreadsRepository } from '../db/activity-threads-repository';
import type { ParticipantsRepository } from '../db/participants-repository';
import { asDate } from '../db/as-date';
import { toActivityThread, toThreadMessage } from '../domain/activity-thread-views';

export interface ActivityThreadsCore {
  uow: UnitOfWork;
  clock: Clock;
  threads: ActivityThreadsRepository;
  participants: ParticipantsRepository;
  /** Pushes a stored message to the members' sockets (best effort; clients catch up with `after`). */
  push(recipients: readonly string[], message: ActivityThreadMessage): void;
}

export async function listActivityThreads(
  core: ActivityThreadsCore,
  user: AuthUser,
): Promise<ActivityThread[]> {
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
  core: ActivityThreadsCore,
  user: AuthUser,
  postId: string,
  query: { after?: string | undefined; limit: number },
): Promise<ActivityThreadMessage[]> {
  if (!(await core.threads.threadFor(user.id, postId)))
    throw httpErrors.notFound(ActivityThreadMessages.notFound);
  const rows = await core.threads.messages(postId, user.id, {
    limit: query.limit,
    ...(query.after ? { after: query.after } : {}),
  });
  if (!rows) throw httpErrors.badRequest('Invalid cursor');
  return rows.map(toThreadMessage);
}

export async function sendActivityThreadMessage(
  core: ActivityThreadsCore,
  user: AuthUser,
  postId: string,
  content: string,
  meta: { traceId: string },
): Promise<ActivityThreadMessage> {
  const thread = await core.threads.threadFor(user.id, postId);
  if (!thread) throw httpErrors.notFound(ActivityThreadMessages.notFound);
  const now = core.clock.now();
  if (asDate(thread.archives_at).getTime() <= now.getTime())
    throw httpErrors.conflict(ActivityThreadMessages.archived, 'THREAD_ARCHIVED');
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
  core.push(await core.threads.recipientsOf(postId, user.id), message);
  return message;
}

/** When a thread stops taking messages: a day after its activity starts. */
export const archivesAtFor = (startsAt: Date): Date =>
  new Date(startsAt.getTime() + ACTIVITY_THREAD_OPEN_AFTER_START_MS);
