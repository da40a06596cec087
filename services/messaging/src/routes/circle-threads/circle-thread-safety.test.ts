// A circle thread's safety and privacy: blocked members kept apart, mentions announced only for
// members, reports and moderation hiding a message, account erasure and the data export.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  circleMemberJoinedV1,
  circleMemberLeftV1,
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  reportFiledV1,
  SocketServerEvent,
  userDeletedV1,
} from '@saathi/contracts';
import type { CircleThread, CircleThreadMessage, ReviewContent } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import type { AuthUser } from '@saathi/platform';
import { mentionedNames } from '../../use-cases/circle-threads';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

async function handled(consumer: string, published: Promise<string>): Promise<void> {
  const id = await published;
  await waitFor(
    async () =>
      (
        await messaging.rows(
          sql`select 1 from messaging.inbox where consumer = ${consumer} and event_id = ${id}::uuid`,
        )
      ).length === 1,
    5_000,
    `${consumer} to handle the event`,
  );
}

const join = (circleId: string, user: AuthUser) =>
  handled(
    'messaging.circle-joined',
    messaging.publish(circleMemberJoinedV1, {
      circleId,
      circleName: 'Chess in the park',
      userId: user.id,
      role: 'member',
      acceptedBy: null,
    }),
  );

async function circleOf(people: AuthUser[]): Promise<string> {
  const circleId = randomUUID();
  for (const user of people) {
    await messaging.register(user);
    await join(circleId, user);
  }
  return circleId;
}

async function sent(user: AuthUser, circleId: string, content: string): Promise<CircleThreadMessage> {
  messaging.clock.advance(1000);
  const response = await messaging.call(user, 'POST', `/api/circle-threads/${circleId}/messages`, {
    content,
  });
  expect(response.statusCode).toBe(201);
  return response.json<CircleThreadMessage>();
}

async function seen(user: AuthUser, circleId: string): Promise<string[]> {
  const response = await messaging.call(user, 'GET', `/api/circle-threads/${circleId}/messages`);
  expect(response.statusCode).toBe(200);
  return response.json<CircleThreadMessage[]>().map((message) => message.content);
}

const threadOf = async (user: AuthUser, circleId: string) =>
  (await messaging.call(user, 'GET', '/api/circle-threads'))
    .json<CircleThread[]>()
    .find((thread) => thread.circleId === circleId);

const moderationOf = async (id: string) =>
  (
    await messaging.rows<{ moderation: string | null }>(
      sql`select moderation from messaging.circle_thread_messages where id = ${id}`,
    )
  )[0]?.moderation;

const mentionsOf = async (circleId: string) =>
  (await messaging.outbox('messaging.circle_thread.mentioned.v1')).filter(
    (event) => event.circleId === circleId,
  );

describe('a circle thread', () => {
  it('keeps two members blocked either way apart: neither sees the other’s messages, previews or pushes', async () => {
    const [organiser, a, b] = [buildUser(), buildUser(), buildUser()];
    const circleId = await circleOf([organiser, a, b]);
    await messaging.block(a, b);

    const bSocket = await messaging.connect(b);
    const bReceived: CircleThreadMessage[] = [];
    bSocket.on(SocketServerEvent.circleThreadMessage, (message) => bReceived.push(message));
    const aSocket = await messaging.connect(a);
    const aReceived: CircleThreadMessage[] = [];
    aSocket.on(SocketServerEvent.circleThreadMessage, (message) => aReceived.push(message));

    await sent(organiser, circleId, 'from the organiser');
    await sent(a, circleId, 'from a');
    await sent(b, circleId, 'from b');
    await waitFor(() => bReceived.length > 1 && aReceived.length > 1, 5_000, 'the pushes');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(bReceived.map((message) => message.content)).toEqual(['from the organiser', 'from b']);
    expect(aReceived.map((message) => message.content)).toEqual(['from the organiser', 'from a']);

    expect(await seen(b, circleId)).toEqual(['from the organiser', 'from b']);
    expect(await seen(a, circleId)).toEqual(['from the organiser', 'from a']);
    expect(await seen(organiser, circleId)).toEqual(['from the organiser', 'from a', 'from b']);
    // The preview and the unread count leave out the other's messages too.
    expect(await threadOf(a, circleId)).toMatchObject({
      unreadCount: 1,
      lastMessage: expect.objectContaining({ content: 'from a' }),
    });
    expect(await threadOf(b, circleId)).toMatchObject({ unreadCount: 1 });
    expect((await threadOf(organiser, circleId))?.unreadCount).toBe(2);
  });

  it('announces a mention of members only, never the sender, someone outside or someone blocked', async () => {
    const [asha, bilal, chitra, outsider, blocked] = [
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser(),
    ];
    const circleId = await circleOf([asha, bilal, chitra, blocked]);
    await messaging.register(outsider);
    await messaging.block(blocked, asha);

    await sent(asha, circleId, 'no one named here, mail me at asha@example.com');
    expect(await mentionsOf(circleId)).toEqual([]);
    await sent(asha, circleId, `@${asha.username} @${outsider.username} @${blocked.username} anyone?`);
    expect(await mentionsOf(circleId)).toEqual([]);

    const named = await sent(
      asha,
      circleId,
      `@${bilal.username.toUpperCase()} and @${chitra.username}. bring the board, @${bilal.username}`,
    );
    expect(await mentionsOf(circleId)).toEqual([
      {
        circleId,
        messageId: named.id,
        senderId: asha.id,
        userIds: [bilal.id, chitra.id].sort(),
      },
    ]);

    // Once Chitra has left, she is no longer someone a message can name.
    await handled(
      'messaging.circle-left',
      messaging.publish(circleMemberLeftV1, { circleId, userId: chitra.id, reason: 'left' }),
    );
    const later = await sent(bilal, circleId, `@${chitra.username} @${asha.username}`);
    expect((await mentionsOf(circleId)).find((event) => event.messageId === later.id)?.userIds).toEqual([
      asha.id,
    ]);
  });

  it('finds @usernames in a message', () => {
    expect(mentionedNames('hi @Asha_1 and @ravi.k. see a@b.com @@x')).toEqual([
      'asha_1',
      'ravi.k.',
      'ravi.k',
    ]);
    expect(mentionedNames('nothing here')).toEqual([]);
  });

  it('hides a reported message from its reporter, and moderation hides it from every member', async () => {
    const [asha, bilal, chitra, admin] = [
      buildUser(),
      buildUser(),
      buildUser(),
      buildUser({ role: 'admin' }),
    ];
    const circleId = await circleOf([asha, bilal, chitra]);
    await sent(asha, circleId, 'hello all');
    const rude = await sent(bilal, circleId, 'something rude');
    await sent(chitra, circleId, 'bye');

    await messaging.publish(reportFiledV1, {
      reporterId: chitra.id,
      targetKind: 'message',
      targetId: rude.id,
    });
    await waitFor(async () => !(await seen(chitra, circleId)).includes('something rude'), 5_000, 'the hide');
    expect(await seen(asha, circleId)).toEqual(['hello all', 'something rude', 'bye']);

    await messaging.publish(contentHiddenV1, { targetKind: 'message', targetId: rude.id });
    await waitFor(async () => (await moderationOf(rude.id)) === 'hidden', 5_000, 'hidden for all');
    expect(await seen(asha, circleId)).toEqual(['hello all', 'bye']);
    expect(await seen(bilal, circleId)).toEqual(['hello all', 'bye']);

    // The admin reads it as stored, with its neighbours in this thread.
    const review = await messaging.call(admin, 'GET', `/api/admin/review/messages/${rude.id}`);
    expect(review.statusCode).toBe(200);
    const body = review.json<ReviewContent>();
    expect(body).toMatchObject({
      id: rude.id,
      authorId: bilal.id,
      text: 'something rude',
      moderation: 'hidden',
    });
    expect(body.context.map((message) => message.text)).toEqual(['hello all', 'bye']);

    await messaging.publish(contentUnhiddenV1, { targetKind: 'message', targetId: rude.id });
    await waitFor(async () => (await moderationOf(rude.id)) === null, 5_000, 'shown again');
    expect(await seen(asha, circleId)).toEqual(['hello all', 'something rude', 'bye']);
    // The reporter still does not see what they reported.
    expect(await seen(chitra, circleId)).toEqual(['hello all', 'bye']);

    const last = await sent(bilal, circleId, 'worse');
    await messaging.publish(contentRemovedV1, {
      targetKind: 'message',
      targetId: last.id,
      actorId: admin.id,
    });
    await waitFor(async () => (await moderationOf(last.id)) === 'removed', 5_000, 'the removal');
    expect(await seen(asha, circleId)).not.toContain('worse');
    expect((await threadOf(asha, circleId))?.lastMessage?.content).toBe('bye');
  });

  it('is in its member’s data export, and their account’s deletion takes their messages and membership', async () => {
    const [asha, bilal] = [buildUser(), buildUser()];
    const circleId = await circleOf([asha, bilal]);
    const mine = await sent(bilal, circleId, 'mine');
    await sent(asha, circleId, 'not mine');
    const exported = await messaging.call(bilal, 'GET', '/api/export/messaging');
    expect(exported.statusCode).toBe(200);
    const part = exported.json<{ circleThreads: unknown[]; circleThreadMessages: unknown[] }>();
    expect(part.circleThreads).toEqual([
      expect.objectContaining({ circle_id: circleId, name: 'Chess in the park', closed: false }),
    ]);
    expect(part.circleThreadMessages).toEqual([
      expect.objectContaining({ id: mine.id, circle_id: circleId, content: 'mine' }),
    ]);

    await messaging.call(bilal, 'POST', `/api/circle-threads/${circleId}/read`, {});
    await messaging.publish(userDeletedV1, { userId: bilal.id });
    await waitFor(async () => (await seen(asha, circleId)).length === 1, 5_000, 'the erasure');
    expect(await seen(asha, circleId)).toEqual(['not mine']);
    const left = await messaging.rows(
      sql`select 'member' as kind from messaging.circle_thread_members where user_id = ${bilal.id}::uuid
          union all select 'message' from messaging.circle_thread_messages where sender_id = ${bilal.id}::uuid
          union all select 'marker' from messaging.circle_thread_read_markers where user_id = ${bilal.id}::uuid`,
    );
    expect(left).toEqual([]);

    // A join of theirs handled after the erasure adds nobody back.
    await join(circleId, bilal);
    expect(
      await messaging.rows(
        sql`select 1 from messaging.circle_thread_members where user_id = ${bilal.id}::uuid`,
      ),
    ).toEqual([]);
  });
});
