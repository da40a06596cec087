import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentHiddenV1, MessagingMessages, reportFiledV1, userUpdatedV1 } from '@saathi/contracts';
import type { Conversation, ReadReceipt } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe('starting a conversation', () => {
  it('answers the same id for the same pair, whoever starts, and emits started once', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    await messaging.register(asha);
    await messaging.register(ravi);
    const first = await messaging.start(asha, ravi);
    expect(await messaging.start(asha, ravi)).toBe(first);
    expect(await messaging.start(ravi, asha)).toBe(first);
    const events = (await messaging.outbox('messaging.conversation.started.v1')).filter(
      (event) => event.conversationId === first,
    );
    expect(events).toEqual([
      { conversationId: first, participant1Id: asha.id, participant2Id: ravi.id, startedBy: asha.id },
    ]);
  });

  it('creates one conversation when both start at the same moment', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    await messaging.register(asha);
    await messaging.register(ravi);
    const ids = await Promise.all([
      messaging.start(asha, ravi),
      messaging.start(ravi, asha),
      messaging.start(asha, ravi),
      messaging.start(ravi, asha),
    ]);
    expect(new Set(ids).size).toBe(1);
    const rows = await messaging.rows(
      sql`select id from messaging.conversations where participant1_id in (${asha.id}::uuid, ${ravi.id}::uuid)`,
    );
    expect(rows).toHaveLength(1);
  });

  it("waits for a brand-new user's registration to arrive instead of answering 404", async () => {
    const asha = buildUser();
    const newcomer = buildUser();
    await messaging.register(asha);
    const started = messaging.call(asha, 'POST', '/api/conversations', { participantId: newcomer.id });
    // identity's user.registered arrives while the start waits (cluster mode: NATS lag).
    await new Promise((resolve) => setTimeout(resolve, 400));
    await messaging.register(newcomer);
    const response = await started;
    expect(response.statusCode).toBe(200);
    expect(response.json<{ id: string }>().id).toEqual(expect.any(String));
  });

  it('refuses a conversation with yourself (400), with an unknown user (404), and signed out (401)', async () => {
    const asha = buildUser();
    await messaging.register(asha);
    const self = await messaging.call(asha, 'POST', '/api/conversations', { participantId: asha.id });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ message: MessagingMessages.notWithYourself });
    const unknown = await messaging.call(asha, 'POST', '/api/conversations', { participantId: UNKNOWN });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ message: MessagingMessages.userNotFound });
    const signedOut = await messaging.call(null, 'POST', '/api/conversations', { participantId: asha.id });
    expect(signedOut.statusCode).toBe(401);
  });
});

describe('the conversation list', () => {
  it('shows the other person, the last message and unread counts, most recently active first', async () => {
    const me = buildUser();
    const neha = buildUser();
    const vikram = buildUser();
    await messaging.register(me, { firstName: 'Meera' });
    await messaging.register(neha, { firstName: 'Neha Sharma' });
    await messaging.register(vikram, { firstName: null });
    const withNeha = await messaging.start(me, neha);
    messaging.clock.advance(1000);
    const withVikram = await messaging.start(vikram, me);
    messaging.clock.advance(1000);
    await messaging.send(neha, withNeha, 'Hi, gym at 7?');
    messaging.clock.advance(1000);
    const hello = await messaging.send(neha, withNeha, 'Or 8?');

    const list = await messaging.call(me, 'GET', '/api/conversations');
    expect(list.statusCode).toBe(200);
    const [first, second] = list.json<Conversation[]>();
    expect(first).toMatchObject({
      id: withNeha,
      otherParticipant: { id: neha.id, displayName: 'Neha Sharma', initials: 'NS', profileImageUrl: null },
      lastMessage: { id: hello.id, content: 'Or 8?', senderId: neha.id },
      unreadCount: 2,
      updatedAt: hello.createdAt,
    });
    expect(second).toMatchObject({
      id: withVikram,
      otherParticipant: { id: vikram.id, displayName: vikram.username },
      lastMessage: null,
      unreadCount: 0,
    });
    const nehasView = (await messaging.call(neha, 'GET', '/api/conversations')).json<Conversation[]>();
    expect(nehasView).toHaveLength(1);
    expect(nehasView[0]).toMatchObject({
      otherParticipant: { displayName: 'Meera', initials: 'ME' },
      unreadCount: 0,
    });
  });

  it('previews and counts only what the viewer can see: not what moderation hid, nor what they reported', async () => {
    const { asha, ravi, conversation } = await messaging.pair();
    const sent: { id: string }[] = [];
    for (const text of ['one', 'two', 'three']) {
      messaging.clock.advance(1000);
      sent.push(await messaging.send(ravi, conversation, text));
    }
    const [one, two, three] = sent as [{ id: string }, { id: string }, { id: string }];
    const rowOf = async (user: typeof asha) =>
      (await messaging.call(user, 'GET', '/api/conversations'))
        .json<Conversation[]>()
        .find((row) => row.id === conversation);
    const unreadTotal = async (user: typeof asha) =>
      (await messaging.call(user, 'GET', '/api/messages/unread-count')).json<{ count: number }>().count;
    expect(await rowOf(asha)).toMatchObject({ lastMessage: { id: three.id }, unreadCount: 3 });

    // Moderation hides the newest from both: each sees the one before, and it is not unread.
    await messaging.publish(contentHiddenV1, { targetKind: 'message', targetId: three.id });
    await waitFor(async () => (await rowOf(asha))?.lastMessage?.id === two.id, 5_000, 'the moderation hide');
    expect(await rowOf(asha)).toMatchObject({ lastMessage: { id: two.id, content: 'two' }, unreadCount: 2 });
    expect(await unreadTotal(asha)).toBe(2);
    expect((await rowOf(ravi))?.lastMessage?.id).toBe(two.id);

    // What Asha reported is gone for her alone.
    await messaging.publish(reportFiledV1, { reporterId: asha.id, targetKind: 'message', targetId: two.id });
    await waitFor(async () => (await rowOf(asha))?.lastMessage?.id === one.id, 5_000, 'the reporter hide');
    expect(await rowOf(asha)).toMatchObject({ lastMessage: { id: one.id, content: 'one' }, unreadCount: 1 });
    expect(await unreadTotal(asha)).toBe(1);
    expect((await rowOf(ravi))?.lastMessage?.id).toBe(two.id);
  });

  it('shows a profile display name once identity reports it', async () => {
    const me = buildUser();
    const other = buildUser();
    await messaging.register(me);
    await messaging.register(other, { firstName: 'Anil' });
    await messaging.start(me, other);
    await messaging.publish(userUpdatedV1, {
      userId: other.id,
      username: other.username,
      firstName: 'Anil',
      lastName: 'Kumar',
      displayName: 'Coach Anil',
      profileImageUrl: 'https://img.example/anil.png',
    });
    await waitFor(async () => {
      const [row] = (await messaging.call(me, 'GET', '/api/conversations')).json<Conversation[]>();
      return row?.otherParticipant.displayName === 'Coach Anil';
    });
    const [row] = (await messaging.call(me, 'GET', '/api/conversations')).json<Conversation[]>();
    expect(row?.otherParticipant).toEqual({
      id: other.id,
      displayName: 'Coach Anil',
      initials: 'CA',
      profileImageUrl: 'https://img.example/anil.png',
    });
  });
});

describe('reading', () => {
  it('counts unread messages from the other person until marked read, and never moves the marker back', async () => {
    const me = buildUser();
    const friend = buildUser();
    await messaging.register(me);
    await messaging.register(friend);
    const conversation = await messaging.start(me, friend);
    const first = await messaging.send(friend, conversation, 'one');
    await messaging.send(friend, conversation, 'two');
    await messaging.send(me, conversation, 'mine does not count');
    const unread = async () =>
      (await messaging.call(me, 'GET', '/api/messages/unread-count')).json<{ count: number }>().count;
    expect(await unread()).toBe(2);

    const upToFirst = await messaging.call(me, 'POST', `/api/conversations/${conversation}/read`, {
      messageId: first.id,
    });
    expect(upToFirst.statusCode).toBe(200);
    expect(upToFirst.json()).toMatchObject({
      conversationId: conversation,
      userId: me.id,
      lastReadMessageId: first.id,
    });
    expect(await unread()).toBe(1);

    const all = await messaging.call(me, 'POST', `/api/conversations/${conversation}/read`, {});
    expect(all.statusCode).toBe(200);
    const newest = all.json<ReadReceipt>().lastReadMessageId;
    expect(await unread()).toBe(0);

    // An older screen marking an earlier message leaves the newer marker where it is.
    const late = await messaging.call(me, 'POST', `/api/conversations/${conversation}/read`, {
      messageId: first.id,
    });
    expect(late.json<ReadReceipt>().lastReadMessageId).toBe(newest);
    expect(await unread()).toBe(0);

    await messaging.send(friend, conversation, 'three');
    expect(await unread()).toBe(1);
    const [row] = (await messaging.call(me, 'GET', '/api/conversations')).json<Conversation[]>();
    expect(row?.unreadCount).toBe(1);
  });

  it("lists the other person's read marker, so the thread can show Seen after a reload", async () => {
    const me = buildUser();
    const friend = buildUser();
    await messaging.register(me);
    await messaging.register(friend);
    const conversation = await messaging.start(me, friend);
    const mine = await messaging.send(me, conversation, 'seen yet?');
    // Accepted: a request's recipient's marker is not shown to its sender (request-privacy.test.ts).
    await messaging.call(friend, 'POST', `/api/conversations/${conversation}/accept`);
    const otherRead = async (user: typeof me) =>
      (await messaging.call(user, 'GET', '/api/conversations'))
        .json<Conversation[]>()
        .find((row) => row.id === conversation)?.otherLastReadMessageId;
    expect(await otherRead(me)).toBeNull();
    await messaging.call(friend, 'POST', `/api/conversations/${conversation}/read`, {});
    expect(await otherRead(me)).toBe(mine.id);
    // Each side sees the other's marker, never their own.
    expect(await otherRead(friend)).toBeNull();
  });

  it('marks an empty thread read without a message', async () => {
    const me = buildUser();
    const friend = buildUser();
    await messaging.register(me);
    await messaging.register(friend);
    const conversation = await messaging.start(me, friend);
    const read = await messaging.call(me, 'POST', `/api/conversations/${conversation}/read`, {});
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ lastReadMessageId: null });
  });

  it('refuses a message of another conversation as the marker (400)', async () => {
    const me = buildUser();
    const a = buildUser();
    const b = buildUser();
    for (const user of [me, a, b]) await messaging.register(user);
    const withA = await messaging.start(me, a);
    const withB = await messaging.start(me, b);
    const elsewhere = await messaging.send(b, withB, 'hello');
    const read = await messaging.call(me, 'POST', `/api/conversations/${withA}/read`, {
      messageId: elsewhere.id,
    });
    expect(read.statusCode).toBe(400);
    expect(read.json()).toMatchObject({ message: 'Invalid message id' });
  });
});

describe('outsiders', () => {
  it('can neither read, post to nor mark read a conversation they are not in (404 each)', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    const outsider = buildUser();
    for (const user of [asha, ravi, outsider]) await messaging.register(user);
    const conversation = await messaging.start(asha, ravi);
    const message = await messaging.send(asha, conversation, 'private');

    const read = await messaging.call(outsider, 'GET', `/api/conversations/${conversation}/messages`);
    expect(read.statusCode).toBe(404);
    expect(read.json()).toMatchObject({ message: MessagingMessages.conversationNotFound });
    const post = await messaging.call(outsider, 'POST', '/api/messages', {
      conversationId: conversation,
      content: 'hi',
    });
    expect(post.statusCode).toBe(404);
    const mark = await messaging.call(outsider, 'POST', `/api/conversations/${conversation}/read`, {
      messageId: message.id,
    });
    expect(mark.statusCode).toBe(404);
    const list = (await messaging.call(outsider, 'GET', '/api/conversations')).json<Conversation[]>();
    expect(list).toEqual([]);
    const stored = await messaging.rows(
      sql`select 1 from messaging.messages where conversation_id = ${conversation}::uuid`,
    );
    expect(stored).toHaveLength(1);
    const markers = await messaging.rows(
      sql`select 1 from messaging.read_markers where user_id = ${outsider.id}::uuid`,
    );
    expect(markers).toHaveLength(0);
  });

  it('are signed-out requests: 401 on every route', async () => {
    for (const [method, url] of [
      ['GET', '/api/conversations'],
      ['GET', `/api/conversations/${UNKNOWN}/messages`],
      ['POST', `/api/conversations/${UNKNOWN}/read`],
      ['GET', '/api/messages/unread-count'],
      ['POST', '/api/messages'],
    ] as const) {
      const response = await messaging.call(null, method, url, method === 'POST' ? {} : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
    }
  });
});
