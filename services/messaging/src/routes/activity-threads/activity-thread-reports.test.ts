// Activity-thread messages are reportable like 1:1 messages: each one is announced to moderation
// (who wrote it, in which thread), moderation's events hide it from its reporter or from every
// member, and an admin reads it as stored with a few of its thread's messages around it.
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityAcceptedV1,
  contentHiddenV1,
  contentRemovedV1,
  reportDismissedV1,
  reportFiledV1,
} from '@saathi/contracts';
import type { ActivityThread, ActivityThreadMessage, ReviewContent } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

/** A thread hosted by `host` with `others` accepted, once messaging has all of them as members. */
async function threadOf(host: AuthUser, others: AuthUser[]): Promise<string> {
  const postId = randomUUID();
  const startsAt = new Date(messaging.clock.now().getTime() + 60 * 60 * 1000).toISOString();
  for (const user of others)
    await messaging.publish(activityAcceptedV1, {
      postId,
      hostId: host.id,
      userId: user.id,
      startsAt,
      promoted: false,
    });
  await waitFor(
    async () => {
      const response = await messaging.call(host, 'GET', '/api/activity-threads');
      const thread = response.json<ActivityThread[]>().find((t) => t.postId === postId);
      return thread?.members.length === others.length + 1;
    },
    5_000,
    'the thread',
  );
  return postId;
}

async function send(user: AuthUser, postId: string, content: string): Promise<ActivityThreadMessage> {
  messaging.clock.advance(1000);
  const response = await messaging.call(user, 'POST', `/api/activity-threads/${postId}/messages`, {
    content,
  });
  expect(response.statusCode).toBe(201);
  return response.json<ActivityThreadMessage>();
}

async function seen(user: AuthUser, postId: string): Promise<string[]> {
  const response = await messaging.call(user, 'GET', `/api/activity-threads/${postId}/messages`);
  expect(response.statusCode).toBe(200);
  return response.json<ActivityThreadMessage[]>().map((message) => message.content);
}

const moderationOf = async (id: string) =>
  (
    await messaging.rows<{ moderation: string | null }>(
      sql`select moderation from messaging.activity_thread_messages where id = ${id}`,
    )
  )[0]?.moderation;

describe('a reported activity-thread message', () => {
  it('is announced to moderation with its author and thread, through the outbox', async () => {
    const [host, guest] = [buildUser(), buildUser()];
    await messaging.register(host);
    await messaging.register(guest);
    const postId = await threadOf(host, [guest]);
    const sent = await send(guest, postId, 'see you at the gate');
    const events = (await messaging.outbox('messaging.activity_thread_message.sent.v1')).filter(
      (event) => event.messageId === sent.id,
    );
    expect(events).toEqual([{ messageId: sent.id, postId, senderId: guest.id, sentAt: sent.createdAt }]);
  });

  it('is hidden from its reporter, then from every member until reviewed, and a dismissal shows it again', async () => {
    const [host, guest, other] = [buildUser(), buildUser(), buildUser()];
    for (const user of [host, guest, other]) await messaging.register(user);
    const postId = await threadOf(host, [guest, other]);
    await send(host, postId, 'hello all');
    const rude = await send(guest, postId, 'something rude');
    await send(other, postId, 'bye');

    await messaging.publish(reportFiledV1, {
      reporterId: other.id,
      targetKind: 'message',
      targetId: rude.id,
    });
    await waitFor(async () => !(await seen(other, postId)).includes('something rude'), 5_000, 'the hide');
    expect(await seen(other, postId)).toEqual(['hello all', 'bye']);
    expect(await seen(host, postId)).toEqual(['hello all', 'something rude', 'bye']);

    await messaging.publish(contentHiddenV1, { targetKind: 'message', targetId: rude.id });
    await waitFor(async () => (await moderationOf(rude.id)) === 'hidden', 5_000, 'hidden for all');
    expect(await seen(host, postId)).toEqual(['hello all', 'bye']);
    expect(await seen(guest, postId)).toEqual(['hello all', 'bye']);
    // The thread list's last message is one the viewer may see.
    const last = await send(guest, postId, 'sorry');
    await messaging.publish(contentHiddenV1, { targetKind: 'message', targetId: last.id });
    await waitFor(async () => (await moderationOf(last.id)) === 'hidden', 5_000, 'the last one hidden');
    const listed = (await messaging.call(host, 'GET', '/api/activity-threads'))
      .json<ActivityThread[]>()
      .find((thread) => thread.postId === postId);
    expect(listed?.lastMessage?.content).toBe('bye');

    await messaging.publish(reportDismissedV1, {
      targetKind: 'message',
      targetId: rude.id,
      actorId: randomUUID(),
    });
    await waitFor(async () => (await moderationOf(rude.id)) === null, 5_000, 'the dismissal');
    expect(await seen(host, postId)).toEqual(['hello all', 'something rude', 'bye']);
    // The reporter still does not see what they reported.
    expect(await seen(other, postId)).toEqual(['hello all', 'bye']);
  });

  it('is read by an admin as stored, with two messages either side in its thread only; 401/403 otherwise', async () => {
    const [host, guest, admin] = [buildUser(), buildUser(), buildUser({ role: 'admin' })];
    await messaging.register(host);
    await messaging.register(guest);
    const postId = await threadOf(host, [guest]);
    const elsewhere = await threadOf(host, [guest]);
    const said: ActivityThreadMessage[] = [];
    for (const [i, text] of ['one', 'two', 'three', 'four', 'five', 'six', 'seven'].entries()) {
      said.push(await send(i % 2 === 0 ? host : guest, postId, text));
      await send(host, elsewhere, `elsewhere ${text}`);
    }
    const reported = said[3]!;
    const url = `/api/admin/review/messages/${reported.id}`;
    expect((await messaging.call(null, 'GET', url)).statusCode).toBe(401);
    expect((await messaging.call(host, 'GET', url)).statusCode).toBe(403);
    expect((await messaging.call(guest, 'GET', url)).statusCode).toBe(403);

    await messaging.publish(contentRemovedV1, {
      targetKind: 'message',
      targetId: reported.id,
      actorId: admin.id,
    });
    await waitFor(async () => (await moderationOf(reported.id)) === 'removed', 5_000, 'the removal');
    const response = await messaging.call(admin, 'GET', url);
    expect(response.statusCode).toBe(200);
    const body = response.json<ReviewContent>();
    expect(body).toMatchObject({ id: reported.id, authorId: guest.id, text: 'four', moderation: 'removed' });
    expect(body.context.map((m) => m.text)).toEqual(['two', 'three', 'five', 'six']);
    expect(body.context.map((m) => m.authorId)).toEqual([guest.id, host.id, host.id, guest.id]);
    // A removal is not undone by a later dismissal, and the members no longer see it.
    expect(await seen(host, postId)).not.toContain('four');
  });
});
