import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  activityAcceptedV1,
  activityLeftV1,
  circleThreadMessageSentV1,
  conversationStartedV1,
  postCreatedV1,
  postDeletedV1,
  postExpiredV1,
} from '@saathi/contracts';
import type { OwnersRepository } from '../db/owners-repository';
import type { ReportsRepository } from '../db/reports-repository';
import { consumed, fake } from '../testing/fake-core';
import {
  forgetDeletedPost,
  forgetExpiredPosts,
  joinActivityThread,
  leaveActivityThread,
  recordCircleThreadMessage,
  recordConversation,
  recordPostAuthor,
} from './owners';

// The owners projection's use cases on a recording fake: what each event writes, as of when.

function recording() {
  const calls: unknown[][] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) => {
      calls.push([name, ...args]);
      return Promise.resolve();
    };
  const owners = fake<OwnersRepository>({
    record: record('record'),
    joinConversation: record('joinConversation'),
    joinThread: record('joinThread'),
    leaveThread: record('leaveThread'),
    forget: record('forget'),
  });
  const reports = fake<ReportsRepository>({ audit: record('audit') });
  return { calls, owners, reports };
}

describe('the owners projection', () => {
  it('records authors, a circle thread’s messages with their circle, and a conversation’s two people', async () => {
    const { calls, owners } = recording();
    const [postId, authorId, messageId, circleId, conversationId, a, b] = [
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
      randomUUID(),
    ];
    await recordPostAuthor(
      { owners },
      consumed(postCreatedV1, {
        postId,
        authorId,
        hashtags: [],
        latitude: 0,
        longitude: 0,
        createdAt: new Date().toISOString(),
      }),
    );
    await recordCircleThreadMessage(
      { owners },
      consumed(circleThreadMessageSentV1, {
        messageId,
        senderId: a,
        circleId,
        sentAt: new Date().toISOString(),
      }),
    );
    await recordConversation(
      { owners },
      consumed(conversationStartedV1, { conversationId, participant1Id: a, participant2Id: b, startedBy: a }),
    );
    expect(calls).toEqual([
      ['record', 'post', postId, authorId],
      ['record', 'message', messageId, a, { circleId }],
      ['joinConversation', conversationId, [a, b]],
    ]);
  });

  it('keeps activity-thread membership as of each event’s time, and a leave only of someone who was in', async () => {
    const { calls, owners } = recording();
    const [postId, hostId, userId] = [randomUUID(), randomUUID(), randomUUID()];
    const joined = new Date('2026-06-01T10:00:00.000Z');
    const left = new Date('2026-06-01T11:00:00.000Z');
    await joinActivityThread(
      { owners },
      consumed(
        activityAcceptedV1,
        { postId, hostId, userId, promoted: false, startsAt: joined.toISOString() },
        joined,
      ),
    );
    await leaveActivityThread(
      { owners },
      consumed(activityLeftV1, { postId, hostId, userId, wasAccepted: true }, left),
    );
    await leaveActivityThread(
      { owners },
      consumed(activityLeftV1, { postId, hostId, userId, wasAccepted: false }, left),
    );
    expect(calls).toEqual([
      ['joinThread', postId, { hostId, userId }, joined],
      ['leaveThread', postId, userId, left],
    ]);
  });

  it('forgets deleted and expired posts, and audits a deletion by anyone but the author as an admin’s removal', async () => {
    const { calls, owners, reports } = recording();
    const [postId, authorId, adminId, expired] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    const at = new Date('2026-06-01T09:00:00.000Z');
    await forgetDeletedPost(
      { owners, reports },
      consumed(postDeletedV1, { postId, authorId, deletedBy: authorId }, at),
    );
    await forgetDeletedPost(
      { owners, reports },
      consumed(postDeletedV1, { postId, authorId, deletedBy: adminId }, at),
    );
    await forgetExpiredPosts({ owners }, consumed(postExpiredV1, { postIds: [expired] }));
    expect(calls).toEqual([
      ['forget', 'post', [postId]],
      ['forget', 'post', [postId]],
      [
        'audit',
        { actorId: adminId, action: 'remove', targetKind: 'post', targetId: postId, ownerId: authorId },
        at,
      ],
      ['forget', 'post', [expired]],
    ]);
  });
});
