import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityAcceptedV1,
  activityLeftV1,
  ActivityThreadMessages,
  contentRemovedV1,
  postDeletedV1,
  SocketServerEvent,
  userDeletedV1,
} from '@saathi/contracts';
import type { ActivityThread, ActivityThreadMessage } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

/** An activity starting an hour from the test clock's now, hosted by `host`. */
function activity(host: AuthUser) {
  return {
    postId: randomUUID(),
    hostId: host.id,
    startsAt: new Date(messaging.clock.now().getTime() + 60 * 60 * 1000).toISOString(),
  };
}

async function accept(thread: ReturnType<typeof activity>, user: AuthUser, promoted = false) {
  await messaging.publish(activityAcceptedV1, { ...thread, userId: user.id, promoted });
}

async function threadsOf(user: AuthUser): Promise<ActivityThread[]> {
  const response = await messaging.call(user, 'GET', '/api/activity-threads');
  expect(response.statusCode).toBe(200);
  return response.json<ActivityThread[]>();
}

/** Waits until the user sees the thread with exactly these members (by id), host first. */
async function waitForMembers(user: AuthUser, postId: string, members: AuthUser[]): Promise<ActivityThread> {
  const wanted = members.map((member) => member.id).join();
  let found: ActivityThread | undefined;
  await waitFor(
    async () => {
      found = (await threadsOf(user)).find((thread) => thread.postId === postId);
      return found?.members.map((member) => member.id).join() === wanted;
    },
    5_000,
    `a thread of ${members.length}`,
  );
  return found!;
}

/** A host and one accepted person, their thread open for both. */
async function threadOfTwo() {
  const host = buildUser();
  const b = buildUser();
  await messaging.register(host);
  await messaging.register(b);
  const run = activity(host);
  await accept(run, b);
  await waitForMembers(b, run.postId, [host, b]);
  return { host, b, run };
}

const send = (user: AuthUser, postId: string, content: string) =>
  messaging.call(user, 'POST', `/api/activity-threads/${postId}/messages`, { content });

describe('activity threads', () => {
  it('opens with the host at the first acceptance, adds the promoted, drops who leaves, live to members only', async () => {
    const host = buildUser();
    const b = buildUser();
    const c = buildUser();
    const outsider = buildUser();
    await messaging.register(host, { firstName: 'Hema' });
    await messaging.register(b, { firstName: 'Bilal' });
    await messaging.register(c, { firstName: 'Chitra' });
    const run = activity(host);

    await accept(run, b);
    const opened = await waitForMembers(host, run.postId, [host, b]);
    expect(opened.members.map((m) => m.displayName)).toEqual(['Hema', 'Bilal']);
    expect(opened).toMatchObject({ hostId: host.id, archived: false, lastMessage: null });

    const hostSocket = await messaging.connect(host);
    const cSocket = await messaging.connect(c);
    const cReceived: ActivityThreadMessage[] = [];
    cSocket.on(SocketServerEvent.activityThreadMessage, (message) => cReceived.push(message));
    const hostReceived = new Promise<ActivityThreadMessage>((resolve) =>
      hostSocket.once(SocketServerEvent.activityThreadMessage, resolve),
    );
    const hello = await send(b, run.postId, '  See you at the north gate  ');
    expect(hello.statusCode).toBe(201);
    expect(hello.json()).toMatchObject({ content: 'See you at the north gate', senderName: 'Bilal' });
    expect((await hostReceived).id).toBe(hello.json<ActivityThreadMessage>().id);

    // Not a member: no thread, no messages, no sending — as if it did not exist.
    expect((await threadsOf(outsider)).some((thread) => thread.postId === run.postId)).toBe(false);
    for (const response of [
      await messaging.call(outsider, 'GET', `/api/activity-threads/${run.postId}/messages`),
      await send(outsider, run.postId, 'let me in'),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(expect.objectContaining({ message: ActivityThreadMessages.notFound }));
    }

    // B gives up the spot, C is promoted: C joins, B is gone and gets nothing more.
    await messaging.publish(activityLeftV1, { ...run, userId: b.id, wasAccepted: true });
    await accept(run, c, true);
    const after = await waitForMembers(host, run.postId, [host, c]);
    expect(after.members.map((m) => m.displayName)).toEqual(['Hema', 'Chitra']);
    expect((await send(b, run.postId, 'still here?')).statusCode).toBe(404);

    const second = await send(host, run.postId, 'Welcome Chitra');
    await waitFor(() => cReceived.length === 1, 5_000, 'C’s push');
    expect(cReceived[0]?.id).toBe(second.json<ActivityThreadMessage>().id);
    const page = await messaging.call(c, 'GET', `/api/activity-threads/${run.postId}/messages`);
    expect(page.json<ActivityThreadMessage[]>().map((m) => m.content)).toEqual([
      'See you at the north gate',
      'Welcome Chitra',
    ]);
    const caughtUp = await messaging.call(
      c,
      'GET',
      `/api/activity-threads/${run.postId}/messages?after=${hello.json<ActivityThreadMessage>().id}`,
    );
    expect(caughtUp.json<ActivityThreadMessage[]>().map((m) => m.content)).toEqual(['Welcome Chitra']);
    const list = await threadsOf(c);
    expect(list.find((thread) => thread.postId === run.postId)?.lastMessage?.content).toBe('Welcome Chitra');
  });

  it('keeps out who left when their older acceptance is handled after the leave, and lets a later re-join in', async () => {
    const { host, b, run } = await threadOfTwo();
    const c = buildUser();
    await messaging.register(c);
    /** Waits until the consumer has handled the published event (its inbox entry). */
    const handled = async (consumer: string, published: Promise<string>) => {
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
    };
    const acceptedAs = (at: Date) =>
      handled(
        'messaging.activity-accepted',
        messaging.publish(activityAcceptedV1, { ...run, userId: c.id, promoted: false }, at),
      );
    const leftAs = (at: Date) =>
      handled(
        'messaging.activity-left',
        messaging.publish(activityLeftV1, { ...run, userId: c.id, wasAccepted: true }, at),
      );
    const readsAs = async (user: AuthUser) =>
      (await messaging.call(user, 'GET', `/api/activity-threads/${run.postId}/messages`)).statusCode;

    // C was accepted, then gave up the spot; the leave is handled first, the acceptance after it.
    const leftAt = new Date();
    await leftAs(leftAt);
    await acceptedAs(new Date(leftAt.getTime() - 60_000));
    expect(await readsAs(c)).toBe(404);
    expect((await send(c, run.postId, 'still in?')).statusCode).toBe(404);
    expect(await threadsOf(c)).toEqual([]);
    expect(
      (await threadsOf(host)).find((thread) => thread.postId === run.postId)?.members.map((m) => m.id),
    ).toEqual([host.id, b.id]);

    // Accepted again after that leave: a real re-join, newer than the leave, gets in.
    await acceptedAs(new Date(leftAt.getTime() + 60_000));
    expect(await readsAs(c)).toBe(200);
    expect(
      (await threadsOf(c))
        .find((thread) => thread.postId === run.postId)
        ?.members.map((m) => m.id)
        .sort(),
    ).toEqual([host.id, b.id, c.id].sort());
    // A leave older than the re-join, handled after it, does not take C out again.
    await leftAs(new Date(leftAt.getTime() + 30_000));
    expect(await readsAs(c)).toBe(200);
    expect((await send(c, run.postId, 'back in')).statusCode).toBe(201);
  });

  it('validates messages and goes read-only a day after the activity starts', async () => {
    const { b, run } = await threadOfTwo();

    const empty = await send(b, run.postId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(expect.objectContaining({ message: 'Please enter a message' }));
    expect((await send(b, run.postId, 'x'.repeat(2001))).statusCode).toBe(400);

    messaging.clock.advance(26 * 60 * 60 * 1000);
    const late = await send(b, run.postId, 'anyone?');
    expect(late.statusCode).toBe(409);
    expect(late.json()).toEqual(expect.objectContaining({ message: ActivityThreadMessages.archived }));
    expect((await threadsOf(b)).find((thread) => thread.postId === run.postId)?.archived).toBe(true);
  });

  it('erases a deleted account from every thread: hosted threads go, messages elsewhere go', async () => {
    const host = buildUser();
    const b = buildUser();
    await messaging.register(host);
    await messaging.register(b);
    const hosted = activity(b);
    const joined = activity(host);
    await accept(hosted, host);
    await accept(joined, b);
    await waitForMembers(host, joined.postId, [host, b]);
    await waitForMembers(host, hosted.postId, [b, host]);
    expect((await send(b, joined.postId, 'hi all')).statusCode).toBe(201);
    // B also gave up a spot elsewhere: that leave is remembered about them.
    await messaging.publish(activityLeftV1, { ...activity(host), userId: b.id, wasAccepted: true });
    await waitFor(
      async () =>
        (
          await messaging.rows(
            sql`select 1 from messaging.activity_thread_leaves where user_id = ${b.id}::uuid`,
          )
        ).length === 1,
      5_000,
      'the leave',
    );

    await messaging.publish(userDeletedV1, { userId: b.id });
    await waitFor(async () => (await threadsOf(host)).length === 1, 5_000, 'the erasure');
    const left = await messaging.rows(
      sql`select 'member' as kind from messaging.activity_thread_members where user_id = ${b.id}::uuid
          union all select 'message' from messaging.activity_thread_messages where sender_id = ${b.id}::uuid
          union all select 'host' from messaging.activity_threads where host_id = ${b.id}::uuid
          union all select 'leave' from messaging.activity_thread_leaves where user_id = ${b.id}::uuid`,
    );
    expect(left).toEqual([]);
  });

  it.each([
    [
      'deleted',
      (postId: string, host: AuthUser) =>
        messaging.publish(postDeletedV1, { postId, authorId: host.id, deletedBy: host.id }),
    ],
    [
      'removed by moderation',
      (postId: string) =>
        messaging.publish(contentRemovedV1, { targetKind: 'post', targetId: postId, actorId: randomUUID() }),
    ],
  ] as const)(
    'closes the thread of an activity whose post is %s, and a late acceptance does not open it again',
    async (_, gone) => {
      const { host, b, run } = await threadOfTwo();
      expect((await send(host, run.postId, 'see you there')).statusCode).toBe(201);

      await gone(run.postId, host);
      await waitFor(async () => (await threadsOf(b)).length === 0, 5_000, 'the thread to close');
      expect((await send(host, run.postId, 'still here?')).statusCode).toBe(404);
      const left = await messaging.rows(
        sql`select 1 from messaging.activity_thread_messages where post_id = ${run.postId}::uuid`,
      );
      expect(left).toEqual([]);

      // An acceptance handled after the deletion (a redelivery, or a consumer that lagged).
      const c = buildUser();
      await messaging.register(c);
      const late = await messaging.publish(activityAcceptedV1, { ...run, userId: c.id, promoted: true });
      await waitFor(
        async () =>
          (
            await messaging.rows(
              sql`select 1 from messaging.inbox where consumer = 'messaging.activity-accepted' and event_id = ${late}::uuid`,
            )
          ).length === 1,
        5_000,
        'the late acceptance to be handled',
      );
      expect(await threadsOf(c)).toEqual([]);
      expect(await threadsOf(host)).toEqual([]);
      const reopened = await messaging.rows(
        sql`select 1 from messaging.activity_threads where post_id = ${run.postId}::uuid`,
      );
      expect(reopened).toEqual([]);
    },
  );

  it('keeps two members blocked either way apart in it: neither sees the other, their messages or their pushes', async () => {
    const [host, a, b] = [buildUser(), buildUser(), buildUser()];
    for (const user of [host, a, b]) await messaging.register(user);
    const run = activity(host);
    await accept(run, a);
    await accept(run, b);
    await waitFor(
      async () =>
        (await threadsOf(host)).find((thread) => thread.postId === run.postId)?.members.length === 3,
      5_000,
      'a thread of 3',
    );
    await messaging.block(a, b);

    const bSocket = await messaging.connect(b);
    const bReceived: ActivityThreadMessage[] = [];
    bSocket.on(SocketServerEvent.activityThreadMessage, (message) => bReceived.push(message));
    expect((await send(a, run.postId, 'from a')).statusCode).toBe(201);
    expect((await send(host, run.postId, 'from the host')).statusCode).toBe(201);
    await waitFor(() => bReceived.length > 0, 5_000, 'the host’s message');
    expect(bReceived.map((message) => message.content)).toEqual(['from the host']);

    const page = async (user: AuthUser) =>
      (await messaging.call(user, 'GET', `/api/activity-threads/${run.postId}/messages`))
        .json<ActivityThreadMessage[]>()
        .map((message) => message.content);
    expect(await page(b)).toEqual(['from the host']);
    expect(await page(host)).toEqual(['from a', 'from the host']);
    const listed = (user: AuthUser) =>
      threadsOf(user).then((threads) => threads.find((thread) => thread.postId === run.postId)!);
    expect((await listed(b)).members.map((member) => member.id)).toEqual([host.id, b.id]);
    expect((await listed(a)).members.map((member) => member.id)).toEqual([host.id, a.id]);
    expect((await listed(host)).members.map((member) => member.id).sort()).toEqual(
      [host.id, a.id, b.id].sort(),
    );
  });
});
