import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  CircleThreadMessages,
  circleClosedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRenamedV1,
  MessagingMessages,
} from '@saathi/contracts';
import type { CircleSendInput, CircleSendOutcome } from '../db/circle-send-statement';
import type { CircleMessageRow, CircleThreadsRepository } from '../db/circle-threads-repository';
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
  closeCircleThread,
  joinCircleThread,
  leaveCircleThread,
  listCircleThreadMessages,
  markCircleThreadRead,
  mentionedNames,
  renameCircleThread,
  sendCircleThreadMessage,
} from './circle-threads';

// A circle's group thread on fakes: the send's outcomes, mentions, reading, and members
// following feed's circle events.

const now = new Date('2026-06-01T12:00:00.000Z');
const circleId = randomUUID();

const messageRow = (overrides: Partial<CircleMessageRow> = {}): CircleMessageRow => ({
  id: randomUUID(),
  circle_id: circleId,
  sender_id: randomUUID(),
  content: 'Hello @asha',
  created_at: now,
  username: 'ravi',
  first_name: null,
  display_name: null,
  ...overrides,
});

describe('mentionedNames', () => {
  it('finds @usernames, lower-cased, not inside an address, a closing full stop tried without it', () => {
    expect(mentionedNames('Thanks @Asha. and @ravi_k, mail a@b.c')).toEqual(['asha.', 'asha', 'ravi_k']);
    expect(mentionedNames('nobody here')).toEqual([]);
  });
});

describe('sendCircleThreadMessage', () => {
  function core(outcome: CircleSendOutcome, first?: CircleMessageRow) {
    const sent: CircleSendInput[] = [];
    return {
      sent,
      deps: {
        uow: fakeUnitOfWork(),
        clock: fakeClock(now),
        pusher: fakePusher(),
        circles: fake<CircleThreadsRepository>({
          send: (input: CircleSendInput) => {
            sent.push(input);
            return Promise.resolve(outcome);
          },
          byClientId: () => Promise.resolve(first),
        }),
      },
    };
  }
  const input = (body: { content: string; clientMessageId?: string }, user = member()) =>
    routeInput(user, { params: { circleId }, body });

  it('stores the message with its events and pushes it to who may hear it', async () => {
    const sender = member();
    const row = messageRow({ sender_id: sender.id });
    const recipients = [sender.id, randomUUID()];
    const { deps, sent } = core({ kind: 'stored', row, recipients, mentioned: true });
    const message = await sendCircleThreadMessage(deps, input({ content: 'Hello @Asha' }, sender));
    expect(message).toMatchObject({ id: row.id, circleId });
    expect(sent[0]).toMatchObject({ circleId, senderId: sender.id, mentions: ['asha'] });
    expect(sent[0]?.sent).toMatchObject({
      type: 'messaging.circle_thread_message.sent.v1',
      traceId: 'trace-1',
    });
    expect(deps.pusher.pushed).toEqual([['circleThreadMessage', recipients, message]]);
    expect(deps.uow.wakes).toBe(1);
  });

  it('is 404 for anyone not a member and 409 in a closed circle', async () => {
    expect(
      await outcomeOf(sendCircleThreadMessage(core({ kind: 'not-found' }).deps, input({ content: 'Hi' }))),
    ).toEqual({
      kind: 'not-found',
      message: CircleThreadMessages.notFound,
      code: undefined,
    });
    expect(
      await outcomeOf(sendCircleThreadMessage(core({ kind: 'closed' }).deps, input({ content: 'Hi' }))),
    ).toEqual({
      kind: 'conflict',
      message: CircleThreadMessages.closed,
      code: 'CIRCLE_CLOSED',
    });
  });

  it('answers a retry with the first message, and refuses its client id in another circle', async () => {
    const clientMessageId = randomUUID();
    const first = messageRow();
    const retry = core({ kind: 'retry' }, first);
    expect(
      await sendCircleThreadMessage(retry.deps, input({ content: 'Hi', clientMessageId })),
    ).toMatchObject({
      id: first.id,
    });
    expect(retry.deps.pusher.pushed).toEqual([]);
    const elsewhere = core({ kind: 'retry' }, messageRow({ circle_id: randomUUID() }));
    expect(
      await outcomeOf(sendCircleThreadMessage(elsewhere.deps, input({ content: 'Hi', clientMessageId }))),
    ).toMatchObject({
      kind: 'conflict',
      message: MessagingMessages.clientMessageIdTaken,
    });
  });
});

describe('reading a circle thread', () => {
  it('is 404 for anyone not a member, 400 for a cursor or message of another thread', async () => {
    const outsider = { circles: fake<CircleThreadsRepository>({ isMember: () => Promise.resolve(false) }) };
    const page = routeInput(member(), { params: { circleId }, query: { limit: 30, after: randomUUID() } });
    expect(await outcomeOf(listCircleThreadMessages(outsider, page))).toMatchObject({
      kind: 'not-found',
      message: CircleThreadMessages.notFound,
    });
    const badCursor = {
      circles: fake<CircleThreadsRepository>({
        isMember: () => Promise.resolve(true),
        messages: () => Promise.resolve(null),
      }),
    };
    expect(await outcomeOf(listCircleThreadMessages(badCursor, page))).toMatchObject({
      kind: 'invalid',
      message: 'Invalid cursor',
    });
    const read = (answer: number | null | undefined) => ({
      clock: fakeClock(now),
      circles: fake<CircleThreadsRepository>({ markRead: () => Promise.resolve(answer) }),
    });
    const mark = routeInput(member(), { params: { circleId }, body: { messageId: randomUUID() } });
    expect(await markCircleThreadRead(read(3), mark)).toEqual({ unreadCount: 3 });
    expect(await outcomeOf(markCircleThreadRead(read(undefined), mark))).toMatchObject({
      kind: 'not-found',
      message: CircleThreadMessages.notFound,
    });
    expect(await outcomeOf(markCircleThreadRead(read(null), mark))).toMatchObject({
      kind: 'invalid',
      message: 'Invalid message id',
    });
  });
});

describe('circle thread membership (feed’s events)', () => {
  function circlesFake(erased = false) {
    const calls: unknown[][] = [];
    const record =
      (name: string, answer: unknown) =>
      (...args: unknown[]) => {
        calls.push([name, ...args]);
        return Promise.resolve(answer);
      };
    const circles = fake<CircleThreadsRepository>({
      anyErased: record('anyErased', erased),
      name: record('name', undefined),
      join: record('join', true),
      leave: record('leave', true),
      close: record('close', undefined),
    });
    return { core: { circles, clock: fakeClock(now) }, calls };
  }
  const joined = (userId = randomUUID()) =>
    consumed(circleMemberJoinedV1, {
      circleId,
      circleName: 'Chess',
      userId,
      role: 'member',
      acceptedBy: null,
    });

  it('names the thread and adds the person as of the join; nothing about an erased account', async () => {
    const { core, calls } = circlesFake();
    const event = joined();
    await joinCircleThread(core, event);
    expect(calls).toEqual([
      ['anyErased', [event.data.userId]],
      ['name', circleId, 'Chess', event.occurredAt, now],
      ['join', circleId, event.data.userId, event.occurredAt, now],
    ]);
    const erased = circlesFake(true);
    await joinCircleThread(erased.core, joined());
    expect(erased.calls.map(([name]) => name)).toEqual(['anyErased']);
  });

  it('applies leaves, renames and closes as of their events', async () => {
    const { core, calls } = circlesFake();
    const userId = randomUUID();
    const left = consumed(circleMemberLeftV1, { circleId, userId, reason: 'left' });
    const renamed = consumed(circleRenamedV1, { circleId, name: 'Chess club' });
    const closed = consumed(circleClosedV1, { circleId });
    await leaveCircleThread(core, left);
    await renameCircleThread(core, renamed);
    await closeCircleThread(core, closed);
    expect(calls).toEqual([
      ['leave', circleId, userId, left.occurredAt],
      ['name', circleId, 'Chess club', renamed.occurredAt, now],
      ['close', circleId, closed.occurredAt, now],
    ]);
  });
});
