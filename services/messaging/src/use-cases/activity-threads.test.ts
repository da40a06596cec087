import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  ActivityThreadMessages,
  activityAcceptedV1,
  activityLeftV1,
  contentRemovedV1,
  postDeletedV1,
} from '@saathi/contracts';
import type {
  ActivityThreadRow,
  ActivityThreadsRepository,
  ThreadMessageRow,
} from '../db/activity-threads-repository';
import type { ParticipantsRepository } from '../db/participants-repository';
import {
  consumed,
  fake,
  fakeClock,
  fakePusher,
  fakeUnitOfWork,
  member,
  outcomeOf,
  routeInput,
} from '../testing/fake-core';
import {
  archivesAtFor,
  joinActivityThread,
  leaveActivityThread,
  listActivityThreadMessages,
  removeModeratedPostThread,
  removePostThread,
  sendActivityThreadMessage,
} from './activity-threads';

// An activity's group thread on fakes: members only, archived a day after the activity starts,
// each message announced and pushed to the members; members follow feed's events.

const now = new Date('2026-06-01T12:00:00.000Z');
const postId = randomUUID();

const thread = (archivesAt: Date): ActivityThreadRow => ({
  post_id: postId,
  host_id: randomUUID(),
  starts_at: new Date(archivesAt.getTime() - 24 * 60 * 60 * 1000),
  archives_at: archivesAt,
});

const messageRow = (senderId: string): ThreadMessageRow => ({
  id: randomUUID(),
  post_id: postId,
  sender_id: senderId,
  content: 'See you there',
  created_at: now,
  username: 'asha',
  first_name: null,
  display_name: null,
});

describe('sendActivityThreadMessage', () => {
  function core(found: ActivityThreadRow | null, recipients: string[] = []) {
    return {
      uow: fakeUnitOfWork(),
      clock: fakeClock(now),
      pusher: fakePusher(),
      participants: fake<ParticipantsRepository>({ ensureFromToken: () => Promise.resolve() }),
      threads: fake<ActivityThreadsRepository>({
        threadFor: () => Promise.resolve(found),
        addMessage: (_post: string, senderId: string) => Promise.resolve(messageRow(senderId)),
        recipientsOf: () => Promise.resolve(recipients),
      }),
    };
  }
  const input = (user = member()) =>
    routeInput(user, { params: { postId }, body: { content: 'See you there' } });

  it('stores a member’s message, announces it for moderation and pushes it to the members', async () => {
    const sender = member();
    const recipients = [sender.id, randomUUID()];
    const deps = core(thread(new Date(now.getTime() + 1000)), recipients);
    const message = await sendActivityThreadMessage(deps, input(sender));
    expect(deps.uow.emitted).toEqual([
      {
        type: 'messaging.activity_thread_message.sent.v1',
        data: { messageId: message.id, postId, senderId: sender.id, sentAt: message.createdAt },
        traceId: 'trace-1',
      },
    ]);
    expect(deps.pusher.pushed).toEqual([['activityThreadMessage', recipients, message]]);
  });

  it('is 404 for anyone not a member, and 409 once the thread is archived', async () => {
    expect(await outcomeOf(sendActivityThreadMessage(core(null), input()))).toEqual({
      kind: 'not-found',
      message: ActivityThreadMessages.notFound,
      code: undefined,
    });
    const archived = core(thread(now));
    expect(await outcomeOf(sendActivityThreadMessage(archived, input()))).toEqual({
      kind: 'conflict',
      message: ActivityThreadMessages.archived,
      code: 'THREAD_ARCHIVED',
    });
    expect(archived.uow.emitted).toEqual([]);
  });
});

describe('listActivityThreadMessages', () => {
  it('is 404 for anyone not a member and 400 for a cursor of another thread', async () => {
    const input = routeInput(member(), { params: { postId }, query: { limit: 30, after: randomUUID() } });
    const outsider = { threads: fake<ActivityThreadsRepository>({ threadFor: () => Promise.resolve(null) }) };
    expect(await outcomeOf(listActivityThreadMessages(outsider, input))).toMatchObject({
      kind: 'not-found',
      message: ActivityThreadMessages.notFound,
    });
    const badCursor = {
      threads: fake<ActivityThreadsRepository>({
        threadFor: () => Promise.resolve(thread(now)),
        messages: () => Promise.resolve(null),
      }),
    };
    expect(await outcomeOf(listActivityThreadMessages(badCursor, input))).toMatchObject({
      kind: 'invalid',
      message: 'Invalid cursor',
    });
  });
});

describe('activity thread membership (feed’s events)', () => {
  function threadsFake(options: { erased?: boolean; open?: boolean } = {}) {
    const calls: unknown[][] = [];
    const record =
      (name: string, answer: unknown) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return Promise.resolve(answer);
      };
    const threads = fake<ActivityThreadsRepository>({
      anyErased: record('anyErased', options.erased ?? false),
      open: record('open', options.open ?? true),
      accept: record('accept', true),
      leave: record('leave', true),
      remove: record('remove', undefined),
    });
    return { threads, calls };
  }
  const accepted = (hostId = randomUUID(), userId = randomUUID()) =>
    consumed(activityAcceptedV1, {
      postId,
      hostId,
      userId,
      startsAt: '2026-06-02T18:00:00.000Z',
      promoted: false,
    });

  it('opens the thread with the host on the first acceptance and adds the person as of the event', async () => {
    const { threads, calls } = threadsFake();
    const event = accepted();
    await joinActivityThread({ threads, clock: fakeClock(now) }, event);
    const startsAt = new Date('2026-06-02T18:00:00.000Z');
    expect(calls).toEqual([
      ['anyErased', [event.data.hostId, event.data.userId]],
      ['open', { postId, hostId: event.data.hostId, startsAt, archivesAt: archivesAtFor(startsAt) }, now],
      ['accept', postId, event.data.userId, event.occurredAt, now],
    ]);
  });

  it('adds nobody to a post already gone, and nothing about an erased account', async () => {
    const gone = threadsFake({ open: false });
    await joinActivityThread({ threads: gone.threads, clock: fakeClock(now) }, accepted());
    expect(gone.calls.map(([name]) => name)).toEqual(['anyErased', 'open']);
    const erased = threadsFake({ erased: true });
    await joinActivityThread({ threads: erased.threads, clock: fakeClock(now) }, accepted());
    expect(erased.calls.map(([name]) => name)).toEqual(['anyErased']);
  });

  it('takes out only someone who held a spot, as of the leave', async () => {
    const { threads, calls } = threadsFake();
    const userId = randomUUID();
    const left = (wasAccepted: boolean) =>
      consumed(activityLeftV1, {
        postId,
        hostId: randomUUID(),
        userId,
        wasAccepted,
      });
    await leaveActivityThread({ threads }, left(false));
    const event = left(true);
    await leaveActivityThread({ threads }, event);
    expect(calls).toEqual([['leave', postId, userId, event.occurredAt]]);
  });

  it('removes the thread of a deleted post, and of a post moderation removed (nothing else)', async () => {
    const { threads, calls } = threadsFake();
    const core = { threads, clock: fakeClock(now) };
    await removePostThread(
      core,
      consumed(postDeletedV1, { postId, authorId: randomUUID(), deletedBy: randomUUID() }),
    );
    await removeModeratedPostThread(
      core,
      consumed(contentRemovedV1, { targetKind: 'comment', targetId: randomUUID(), actorId: randomUUID() }),
    );
    await removeModeratedPostThread(
      core,
      consumed(contentRemovedV1, { targetKind: 'post', targetId: postId, actorId: randomUUID() }),
    );
    expect(calls).toEqual([
      ['remove', postId, now],
      ['remove', postId, now],
    ]);
  });
});
