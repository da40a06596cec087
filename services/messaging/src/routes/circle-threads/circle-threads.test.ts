import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  circleClosedV1,
  circleMemberJoinedV1,
  circleMemberLeftV1,
  circleRenamedV1,
  CircleThreadMessages,
  SocketServerEvent,
} from '@saathi/contracts';
import type { CircleThread, CircleThreadMessage } from '@saathi/contracts';
import { waitFor } from '@saathi/platform/testing';
import type { AuthUser } from '@saathi/platform';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

/** Waits until the consumer has handled the published event (its inbox entry). */
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

const join = (circleId: string, user: AuthUser, at?: Date, circleName = 'Morning runners') =>
  handled(
    'messaging.circle-joined',
    messaging.publish(
      circleMemberJoinedV1,
      { circleId, circleName, userId: user.id, role: 'member', acceptedBy: null },
      at,
    ),
  );

const leave = (circleId: string, user: AuthUser, at?: Date) =>
  handled(
    'messaging.circle-left',
    messaging.publish(circleMemberLeftV1, { circleId, userId: user.id, reason: 'removed' }, at),
  );

/** A circle of new registered people (the first is its organiser), all members in messaging. */
async function circleOf(count: number, names: string[] = []) {
  const circleId = randomUUID();
  const people: AuthUser[] = [];
  for (let i = 0; i < count; i += 1) {
    const user = buildUser();
    await messaging.register(user, { firstName: names[i] ?? null });
    await join(circleId, user);
    people.push(user);
  }
  return { circleId, people };
}

async function threadsOf(user: AuthUser): Promise<CircleThread[]> {
  const response = await messaging.call(user, 'GET', '/api/circle-threads');
  expect(response.statusCode).toBe(200);
  return response.json<CircleThread[]>();
}

const threadOf = async (user: AuthUser, circleId: string) =>
  (await threadsOf(user)).find((thread) => thread.circleId === circleId);

async function send(user: AuthUser, circleId: string, content: string, clientMessageId?: string) {
  messaging.clock.advance(1000);
  return messaging.call(user, 'POST', `/api/circle-threads/${circleId}/messages`, {
    content,
    ...(clientMessageId ? { clientMessageId } : {}),
  });
}

async function sent(user: AuthUser, circleId: string, content: string): Promise<CircleThreadMessage> {
  const response = await send(user, circleId, content);
  expect(response.statusCode).toBe(201);
  return response.json<CircleThreadMessage>();
}

async function page(user: AuthUser, circleId: string, query = ''): Promise<string[]> {
  const response = await messaging.call(user, 'GET', `/api/circle-threads/${circleId}/messages${query}`);
  expect(response.statusCode).toBe(200);
  return response.json<CircleThreadMessage[]>().map((message) => message.content);
}

const markRead = (user: AuthUser, circleId: string, messageId?: string) =>
  messaging.call(user, 'POST', `/api/circle-threads/${circleId}/read`, messageId ? { messageId } : {});

describe('circle threads', () => {
  it('lets members send and read, catch up with after=, and keeps everyone else out with 404', async () => {
    const { circleId, people } = await circleOf(3, ['Asha', 'Bilal', 'Chitra']);
    const [asha, bilal, chitra] = people as [AuthUser, AuthUser, AuthUser];
    const outsider = buildUser();
    await messaging.register(outsider);

    const hello = await sent(asha, circleId, '  Run at six tomorrow?  ');
    expect(hello).toMatchObject({
      circleId,
      senderId: asha.id,
      senderName: 'Asha',
      content: 'Run at six tomorrow?',
    });
    const reply = await sent(bilal, circleId, 'In!');
    expect(await page(chitra, circleId)).toEqual(['Run at six tomorrow?', 'In!']);
    expect(await page(chitra, circleId, `?after=${hello.id}`)).toEqual(['In!']);
    expect(await page(chitra, circleId, `?after=${reply.id}`)).toEqual([]);
    expect(await page(chitra, circleId, '?limit=1')).toEqual(['In!']);

    // A cursor from elsewhere is refused.
    const other = await circleOf(1);
    const elsewhere = await sent(other.people[0]!, other.circleId, 'elsewhere');
    const badCursor = await messaging.call(
      chitra,
      'GET',
      `/api/circle-threads/${circleId}/messages?after=${elsewhere.id}`,
    );
    expect(badCursor.statusCode).toBe(400);

    expect(await threadOf(outsider, circleId)).toBeUndefined();
    for (const response of [
      await messaging.call(outsider, 'GET', `/api/circle-threads/${circleId}/messages`),
      await send(outsider, circleId, 'let me in'),
      await markRead(outsider, circleId),
      await messaging.call(outsider, 'GET', `/api/circle-threads/${randomUUID()}/messages`),
    ]) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(expect.objectContaining({ message: CircleThreadMessages.notFound }));
    }

    const listed = await threadOf(chitra, circleId);
    expect(listed).toMatchObject({ name: 'Morning runners', closed: false, unreadCount: 2 });
    expect(listed?.lastMessage).toMatchObject({ id: reply.id, content: 'In!', senderName: 'Bilal' });

    // Validation as the other sends.
    const empty = await send(asha, circleId, '   ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual(expect.objectContaining({ message: 'Please enter a message' }));
    expect((await send(asha, circleId, 'x'.repeat(2001))).statusCode).toBe(400);
  });

  it('stores a retried send once and answers the first message', async () => {
    const { circleId, people } = await circleOf(2);
    const [asha, bilal] = people as [AuthUser, AuthUser];
    const bilalSocket = await messaging.connect(bilal);
    const pushes: CircleThreadMessage[] = [];
    bilalSocket.on(SocketServerEvent.circleThreadMessage, (message) => pushes.push(message));

    const clientMessageId = randomUUID();
    const first = await send(asha, circleId, 'on my way', clientMessageId);
    const again = await send(asha, circleId, 'on my way', clientMessageId);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(await page(bilal, circleId)).toEqual(['on my way']);
    const events = (await messaging.outbox('messaging.circle_thread_message.sent.v1')).filter(
      (event) => event.circleId === circleId,
    );
    expect(events).toEqual([
      {
        messageId: first.json<CircleThreadMessage>().id,
        circleId,
        senderId: asha.id,
        sentAt: first.json<CircleThreadMessage>().createdAt,
      },
    ]);
    await waitFor(() => pushes.length === 1, 5_000, 'the push');

    // The same client id in another circle is not a retry of this one.
    const other = await circleOf(0);
    await join(other.circleId, asha);
    expect((await send(asha, other.circleId, 'on my way', clientMessageId)).statusCode).toBe(409);
  });

  it('orders concurrent sends, each at its own time, and stores concurrent retries once', async () => {
    const { circleId, people } = await circleOf(2);
    const [asha, bilal] = people as [AuthUser, AuthUser];
    const post = (user: AuthUser, content: string, clientMessageId?: string) =>
      messaging.call(user, 'POST', `/api/circle-threads/${circleId}/messages`, {
        content,
        ...(clientMessageId ? { clientMessageId } : {}),
      });
    // The clock stands still: every send asks for the same time.
    const answers = await Promise.all(
      ['a1', 'b1', 'a2', 'b2', 'a3'].map((content) => post(content.startsWith('a') ? asha : bilal, content)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    const stored = answers.map((answer) => answer.json<CircleThreadMessage>());
    expect(new Set(stored.map((message) => message.createdAt)).size).toBe(5);
    const byTime = [...stored].sort((x, y) => x.createdAt.localeCompare(y.createdAt));
    expect(await page(bilal, circleId)).toEqual(byTime.map((message) => message.content));

    const clientMessageId = randomUUID();
    const retries = await Promise.all([1, 2, 3].map(() => post(asha, 'once', clientMessageId)));
    expect(retries.map((answer) => answer.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(retries.map((answer) => answer.json<CircleThreadMessage>().id)).size).toBe(1);
    expect((await page(bilal, circleId)).filter((content) => content === 'once')).toHaveLength(1);
  });

  it('pushes each message to the members’ sockets, and nothing more to a removed member', async () => {
    const { circleId, people } = await circleOf(3);
    const [asha, bilal, chitra] = people as [AuthUser, AuthUser, AuthUser];
    const received = new Map<string, CircleThreadMessage[]>();
    for (const user of [asha, bilal, chitra]) {
      const socket = await messaging.connect(user);
      const list: CircleThreadMessage[] = [];
      received.set(user.id, list);
      socket.on(SocketServerEvent.circleThreadMessage, (message) => list.push(message));
    }
    const first = await sent(asha, circleId, 'first');
    await waitFor(
      () => [asha, bilal, chitra].every((user) => received.get(user.id)!.length === 1),
      5_000,
      'everyone’s push',
    );
    expect(received.get(bilal.id)![0]).toEqual(first);

    await leave(circleId, chitra);
    expect((await messaging.call(chitra, 'GET', `/api/circle-threads/${circleId}/messages`)).statusCode).toBe(
      404,
    );
    expect((await send(chitra, circleId, 'still here?')).statusCode).toBe(404);
    expect(await threadOf(chitra, circleId)).toBeUndefined();

    await sent(bilal, circleId, 'second');
    await waitFor(() => received.get(asha.id)!.length === 2, 5_000, 'asha’s second push');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.get(chitra.id)!.map((message) => message.content)).toEqual(['first']);
  });

  it('counts each person’s unread messages from others, and moves their marker on read', async () => {
    const { circleId, people } = await circleOf(3);
    const [asha, bilal, chitra] = people as [AuthUser, AuthUser, AuthUser];
    const one = await sent(asha, circleId, 'one');
    await sent(bilal, circleId, 'two');
    const three = await sent(asha, circleId, 'three');

    expect((await threadOf(asha, circleId))?.unreadCount).toBe(1);
    expect((await threadOf(bilal, circleId))?.unreadCount).toBe(2);
    expect((await threadOf(chitra, circleId))?.unreadCount).toBe(3);

    const upToOne = await markRead(chitra, circleId, one.id);
    expect(upToOne.statusCode).toBe(200);
    expect(upToOne.json()).toEqual({ unreadCount: 2 });
    // Never back: marking the first again after the newest leaves the newest.
    expect((await markRead(chitra, circleId)).json()).toEqual({ unreadCount: 0 });
    expect((await markRead(chitra, circleId, one.id)).json()).toEqual({ unreadCount: 0 });
    expect((await threadOf(chitra, circleId))?.unreadCount).toBe(0);
    expect((await threadOf(bilal, circleId))?.unreadCount).toBe(2);

    const four = await sent(bilal, circleId, 'four');
    expect((await threadOf(chitra, circleId))?.unreadCount).toBe(1);
    expect((await markRead(asha, circleId, three.id)).json()).toEqual({ unreadCount: 1 });
    expect((await markRead(asha, circleId, four.id)).json()).toEqual({ unreadCount: 0 });

    // A message of another thread is not a marker here.
    const other = await circleOf(1);
    const elsewhere = await sent(other.people[0]!, other.circleId, 'elsewhere');
    expect((await markRead(asha, circleId, elsewhere.id)).statusCode).toBe(400);

    // Someone who joins later has nothing unread from before they were added.
    const dev = buildUser();
    await messaging.register(dev);
    await join(circleId, dev);
    expect((await threadOf(dev, circleId))?.unreadCount).toBe(0);
    expect(await page(dev, circleId)).toEqual(['one', 'two', 'three', 'four']);
    await sent(asha, circleId, 'welcome');
    expect((await threadOf(dev, circleId))?.unreadCount).toBe(1);
  });

  it('lists the viewer’s threads newest message first, with their current names', async () => {
    const viewer = buildUser();
    await messaging.register(viewer);
    const quiet = await circleOf(1);
    const busy = await circleOf(1);
    await join(quiet.circleId, viewer, undefined, 'Quiet readers');
    await join(busy.circleId, viewer, undefined, 'Busy bees');
    await sent(quiet.people[0]!, quiet.circleId, 'older');
    await sent(busy.people[0]!, busy.circleId, 'newer');
    expect((await threadsOf(viewer)).map((thread) => thread.name)).toEqual(['Busy bees', 'Quiet readers']);
    await sent(viewer, quiet.circleId, 'newest');
    expect((await threadsOf(viewer)).map((thread) => thread.name)).toEqual(['Quiet readers', 'Busy bees']);

    // A rename is shown; an older join's name handled after it does not put the old one back.
    const renamedAt = new Date();
    await handled(
      'messaging.circle-renamed',
      messaging.publish(circleRenamedV1, { circleId: busy.circleId, name: 'Busy bees club' }, renamedAt),
    );
    const late = buildUser();
    await messaging.register(late);
    await join(busy.circleId, late, new Date(renamedAt.getTime() - 60_000), 'Busy bees');
    expect((await threadOf(viewer, busy.circleId))?.name).toBe('Busy bees club');
  });

  it('keeps a closed circle’s thread readable, and refuses sends with 409', async () => {
    const { circleId, people } = await circleOf(2);
    const [asha, bilal] = people as [AuthUser, AuthUser];
    await sent(asha, circleId, 'last run of the season');
    await handled('messaging.circle-closed', messaging.publish(circleClosedV1, { circleId }));

    const refused = await send(bilal, circleId, 'wait!');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual(expect.objectContaining({ message: CircleThreadMessages.closed }));
    expect(await page(bilal, circleId)).toEqual(['last run of the season']);
    expect(await threadOf(bilal, circleId)).toMatchObject({ closed: true, unreadCount: 1 });
    expect((await markRead(bilal, circleId)).json()).toEqual({ unreadCount: 0 });
  });

  it('keeps out who left when their older join is handled after the leave, and lets a later re-join in', async () => {
    const { circleId, people } = await circleOf(1);
    const [asha] = people as [AuthUser];
    const chitra = buildUser();
    await messaging.register(chitra);
    const reads = async (user: AuthUser) =>
      (await messaging.call(user, 'GET', `/api/circle-threads/${circleId}/messages`)).statusCode;

    const leftAt = new Date();
    await leave(circleId, chitra, leftAt);
    await join(circleId, chitra, new Date(leftAt.getTime() - 60_000));
    expect(await reads(chitra)).toBe(404);
    expect((await send(chitra, circleId, 'in?')).statusCode).toBe(404);
    expect(await threadOf(chitra, circleId)).toBeUndefined();

    await join(circleId, chitra, new Date(leftAt.getTime() + 60_000));
    expect(await reads(chitra)).toBe(200);
    // A leave older than the re-join, handled after it, does not take Chitra out again.
    await leave(circleId, chitra, new Date(leftAt.getTime() + 30_000));
    expect(await reads(chitra)).toBe(200);
    expect((await send(chitra, circleId, 'back in')).statusCode).toBe(201);
    expect(await page(asha, circleId)).toEqual(['back in']);
  });
});
