import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  commentCreatedV1,
  messageSentV1,
  notificationUpsertedV1,
  postDeletedV1,
  postExpiredV1,
  postLikedV1,
  reactionAddedV1,
  userBlockedV1,
  userEmailVerifiedV1,
  userRegisteredV1,
  userUpdatedV1,
} from '@saathi/contracts';
import type {
  AppNotification,
  EmailJob,
  EventData,
  EventDefinition,
  EventEnvelope,
  NotificationList,
} from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { AuthUser, JobQueue, Mailer, OutgoingMail } from '@saathi/platform';
import { TestClock, waitFor } from '@saathi/platform/testing';
import { redeliveringBus } from '../testing/redelivering-bus';
import type { RedeliveringBus } from '../testing/redelivering-bus';
import { buildUser, startTestNotification } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';

const logger = createLogger({ name: 'notification-events-test', level: 'silent' });
const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
const mails: OutgoingMail[] = [];
const queuedMails: EmailJob[] = [];
const upserted: { recipientId: string; notification: AppNotification }[] = [];
let bus: RedeliveringBus;
let notification: TestNotification;

beforeAll(async () => {
  bus = redeliveringBus(createMemoryBus({ logger }));
  const inner = createMemoryQueue({ logger });
  // The queue as Redis would see it: every mail job added.
  const queue = Object.assign(Object.create(inner) as JobQueue, {
    add: ((name, data, options) => {
      if (name === 'email') queuedMails.push(data as EmailJob);
      return inner.add(name, data, options);
    }) satisfies JobQueue['add'],
  });
  const mailer: Mailer = {
    kind: 'file',
    send: (mail) => {
      mails.push(mail);
      return Promise.resolve({ messageId: randomUUID() });
    },
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  notification = await startTestNotification({ bus, queue, mailer, clock });
  await bus.subscribe({
    durable: 'test.upserted',
    event: notificationUpsertedV1,
    handle: (envelope) => {
      upserted.push(envelope.data);
      return Promise.resolve();
    },
  });
});
afterAll(() => notification?.close());

/** Waits until every durable consumer of the event has recorded it in the inbox. */
async function processed(envelope: EventEnvelope, consumers = 1): Promise<void> {
  await waitFor(
    async () =>
      (await notification.rows(sql`select 1 from notification.inbox where event_id = ${envelope.id}::uuid`))
        .length >= consumers,
    5_000,
    `event ${envelope.type} processed`,
  );
}

/** Tells notification, as identity would, that the user proved their address. */
async function verified(user: AuthUser & { email: string }, firstName: string | null = null): Promise<void> {
  const envelope = await notification.publish(userEmailVerifiedV1, {
    userId: user.id,
    username: user.username,
    email: user.email,
    firstName,
    lastName: null,
  });
  // The welcome mail's consumer and the projection's.
  await processed(envelope, 2);
}

/**
 * A user identity has told notification about (names, and the address for mails), who proved
 * their address unless `proved` is false.
 */
async function registered(
  firstName: string | null = null,
  { proved = true, user = buildUser() }: { proved?: boolean; user?: AuthUser } = {},
): Promise<AuthUser & { email: string }> {
  const email = `${user.username}@example.com`;
  const envelope = await notification.publish(userRegisteredV1, {
    userId: user.id,
    username: user.username,
    email,
    firstName,
    lastName: null,
    profileImageUrl: null,
  });
  await processed(envelope);
  if (proved) await verified({ ...user, email }, firstName);
  return { ...user, email };
}

/** Publishes at the test clock's time, then moves it on a second, so each event is later than the last. */
async function act<E extends EventDefinition>(
  event: E,
  data: EventData<E>,
): Promise<EventEnvelope<EventData<E>>> {
  const envelope = await notification.publish(event, data, clock.now());
  clock.advance(1000);
  await processed(envelope);
  return envelope;
}

async function listOf(user: AuthUser): Promise<NotificationList> {
  const response = await notification.app.inject({ url: '/api/notifications', ...notification.signIn(user) });
  expect(response.statusCode).toBe(200);
  return response.json<NotificationList>();
}

const upsertsFor = (user: AuthUser) => upserted.filter((entry) => entry.recipientId === user.id);

describe('likes', () => {
  it('group into one notification per post while unread: distinct people counted, the latest named', async () => {
    const author = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const postId = randomUUID();
    const like = (user: AuthUser) => act(postLikedV1, { postId, userId: user.id, postAuthorId: author.id });
    await like(ravi);
    await like(ravi);
    await like(meera);

    const list = await listOf(author);
    expect(list.unreadCount).toBe(1);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'like',
      actorId: meera.id,
      actorName: 'Meera',
      othersCount: 1,
      postId,
      conversationId: null,
      read: false,
    });
    // Each change went out for the recipient's sockets; the repeat changed nothing, so none for it.
    await waitFor(() => upsertsFor(author).length === 2, 5_000, 'two upserted events');
    expect(upsertsFor(author).map((entry) => entry.notification.othersCount)).toEqual([0, 1]);
    expect(upsertsFor(author)[1]!.notification).toEqual(list.notifications[0]);

    // Once read, the next like starts a new notification.
    const read = await notification.app.inject({
      method: 'POST',
      url: `/api/notifications/${list.notifications[0]!.id}/read`,
      ...notification.signIn(author),
    });
    expect(read.json()).toEqual({ unreadCount: 0 });
    const kiran = await registered('Kiran');
    await like(kiran);
    const after = await listOf(author);
    expect(after.unreadCount).toBe(1);
    expect(after.notifications.map((n) => [n.actorName, n.othersCount, n.read])).toEqual([
      ['Kiran', 0, false],
      ['Meera', 1, true],
    ]);
  });

  it('on different posts are different notifications', async () => {
    const author = await registered('Dev');
    const fan = await registered('Fan');
    await act(postLikedV1, { postId: randomUUID(), userId: fan.id, postAuthorId: author.id });
    await act(postLikedV1, { postId: randomUUID(), userId: fan.id, postAuthorId: author.id });
    expect((await listOf(author)).unreadCount).toBe(2);
  });

  it('counts a redelivered event once', async () => {
    const author = await registered('Nila');
    const ravi = await registered('Ravi');
    const envelope = await act(postLikedV1, {
      postId: randomUUID(),
      userId: ravi.id,
      postAuthorId: author.id,
    });
    // As JetStream would after a lost acknowledgement: the same event again, twice.
    await bus.redeliver(envelope);
    await bus.redeliver(envelope);
    const list = await listOf(author);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({ othersCount: 0, actorId: ravi.id });
    const actors = await notification.rows(
      sql`select actor_id from notification.notification_actors where notification_id = ${list.notifications[0]!.id}::uuid`,
    );
    expect(actors).toHaveLength(1);
    await waitFor(() => upsertsFor(author).length >= 1, 5_000, 'the upserted event');
    expect(upsertsFor(author)).toHaveLength(1);
  });
});

/** `user` likes `author`'s post, comments on it and reacts to a comment of theirs under it. */
async function engage(user: { id: string }, author: { id: string }, postId: string): Promise<void> {
  await act(postLikedV1, { postId, userId: user.id, postAuthorId: author.id });
  await act(commentCreatedV1, {
    commentId: randomUUID(),
    postId,
    authorId: user.id,
    postAuthorId: author.id,
  });
  await act(reactionAddedV1, {
    targetType: 'comment',
    targetId: randomUUID(),
    emoji: '🎉',
    userId: user.id,
    targetAuthorId: author.id,
    postId,
  });
}

describe('nobody is told about their own actions', () => {
  it('no notification for liking, commenting on or reacting to your own post or comment', async () => {
    const asha = await registered('Asha');
    const postId = randomUUID();
    await engage(asha, asha, postId);
    await act(reactionAddedV1, {
      targetType: 'post',
      targetId: postId,
      emoji: '🔥',
      userId: asha.id,
      targetAuthorId: asha.id,
      postId,
    });
    expect(await listOf(asha)).toEqual({ notifications: [], unreadCount: 0 });
    expect(upsertsFor(asha)).toEqual([]);
  });
});

describe('nobody is told about someone blocked either way', () => {
  it('no notification for a like, comment or reaction that arrives after a block, whoever blocked', async () => {
    const [asha, ravi, meera, dev] = await Promise.all([
      registered('Asha'),
      registered('Ravi'),
      registered('Meera'),
      registered('Dev'),
    ]);
    // Ravi blocked Asha; Asha blocked Meera. Their engagement was on its way from the feed.
    await act(userBlockedV1, { blockerId: ravi.id, blockedId: asha.id });
    await act(userBlockedV1, { blockerId: asha.id, blockedId: meera.id });
    const postId = randomUUID();
    for (const user of [ravi, meera]) await engage(user, asha, postId);
    expect(await listOf(asha)).toEqual({ notifications: [], unreadCount: 0 });
    expect(upsertsFor(asha)).toEqual([]);
    // Anyone else still reaches her.
    await act(postLikedV1, { postId, userId: dev.id, postAuthorId: asha.id });
    expect((await listOf(asha)).notifications).toEqual([
      expect.objectContaining({ type: 'like', actorName: 'Dev', postId }),
    ]);
  });
});

describe('comments and reactions', () => {
  it('a comment tells the post author who commented', async () => {
    const author = await registered('Asha');
    const commenter = await registered(null);
    const postId = randomUUID();
    await act(commentCreatedV1, {
      commentId: randomUUID(),
      postId,
      authorId: commenter.id,
      postAuthorId: author.id,
    });
    const [first] = (await listOf(author)).notifications;
    // No first name: the username, as posts show authors.
    expect(first).toMatchObject({ type: 'comment', postId, actorName: commenter.username, othersCount: 0 });
  });

  it('a renamed actor shows under the new name', async () => {
    const author = await registered('Asha');
    const fan = await registered('Old');
    await act(postLikedV1, { postId: randomUUID(), userId: fan.id, postAuthorId: author.id });
    await act(userUpdatedV1, {
      userId: fan.id,
      username: fan.username,
      firstName: 'New',
      lastName: null,
      displayName: null,
      profileImageUrl: null,
    });
    expect((await listOf(author)).notifications[0]?.actorName).toBe('New');
  });

  it('reactions on a comment tell its author, per comment, with the post and the latest emoji', async () => {
    const postAuthor = await registered('Post');
    const commentAuthor = await registered('Comment');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    const postId = randomUUID();
    const commentId = randomUUID();
    const react = (user: AuthUser, emoji: string) =>
      act(reactionAddedV1, {
        targetType: 'comment',
        targetId: commentId,
        emoji,
        userId: user.id,
        targetAuthorId: commentAuthor.id,
        postId,
      });
    await react(ravi, '👍');
    await react(meera, '🎉');
    // The same person again (toggled back on, or another emoji): not news.
    await react(ravi, '🔥');
    const list = await listOf(commentAuthor);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'reaction',
      postId,
      commentId,
      actorName: 'Meera',
      othersCount: 1,
      emoji: '🎉',
    });
    expect((await listOf(postAuthor)).notifications).toEqual([]);
  });

  it('skips a reaction event from before the feed named the target author', async () => {
    const someone = await registered('Someone');
    const envelope = await act(reactionAddedV1, {
      targetType: 'post',
      targetId: randomUUID(),
      emoji: '👍',
      userId: someone.id,
    });
    const rows = await notification.rows(
      sql`select 1 from notification.notifications where target_key = ${`post:${envelope.data.targetId}`}`,
    );
    expect(rows).toEqual([]);
  });
});

describe('messages', () => {
  const sendMessage = (from: AuthUser, to: AuthUser, conversationId: string, recipientOnline: boolean) =>
    act(messageSentV1, {
      messageId: randomUUID(),
      conversationId,
      senderId: from.id,
      recipientId: to.id,
      recipientOnline,
      sentAt: clock.now().toISOString(),
    });
  const SUBJECT = 'You have a new message on Saathi';
  const mailsTo = (user: { email: string }) =>
    mails.filter((mail) => mail.to === user.email && mail.subject === SUBJECT);
  const queuedTo = (user: { email: string }) =>
    queuedMails.filter((job) => job.to === user.email && job.subject === SUBJECT);

  it('notify per conversation and mail an away recipient at most once an hour, without the text', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const conversationId = randomUUID();

    await sendMessage(ravi, asha, conversationId, false);
    await waitFor(() => mailsTo(asha).length === 1, 5_000, 'the message mail');
    const [mail] = mailsTo(asha);
    expect(mail!.text).toContain('Ravi sent you a message on Saathi');
    expect(mail!.text).toContain('https://saathi.example/messages');
    expect(mail!.html).toContain('href="https://saathi.example/messages"');

    // Ten minutes later, still away: the notification moves up, no second mail.
    clock.advance(10 * 60_000);
    const second = await sendMessage(ravi, asha, conversationId, false);
    const list = await listOf(asha);
    expect(list.notifications).toHaveLength(1);
    expect(list.notifications[0]).toMatchObject({
      type: 'message',
      conversationId,
      postId: null,
      actorName: 'Ravi',
      othersCount: 0,
      updatedAt: second.data.sentAt,
    });
    expect(queuedTo(asha)).toHaveLength(1);

    // Over an hour after the first mail: the next message mails again.
    clock.advance(51 * 60_000);
    await sendMessage(ravi, asha, conversationId, false);
    await waitFor(() => mailsTo(asha).length === 2, 5_000, 'the second message mail');
  });

  it('no mail while the recipient is online; each conversation has its own hour', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const meera = await registered('Meera');
    await sendMessage(ravi, asha, randomUUID(), true);
    expect((await listOf(asha)).unreadCount).toBe(1);
    expect(queuedTo(asha)).toHaveLength(0);

    await sendMessage(meera, asha, randomUUID(), false);
    await sendMessage(ravi, asha, randomUUID(), false);
    expect(queuedTo(asha)).toHaveLength(2);
    expect((await listOf(asha)).unreadCount).toBe(3);
  });

  it('a redelivered message neither mails nor counts twice', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const envelope = await sendMessage(ravi, asha, randomUUID(), false);
    await bus.redeliver(envelope);
    expect(queuedTo(asha)).toHaveLength(1);
    expect((await listOf(asha)).notifications).toHaveLength(1);
  });

  it('mail only an address its owner proved: none before, one after', async () => {
    const asha = await registered('Asha', { proved: false });
    const ravi = await registered('Ravi');
    await sendMessage(ravi, asha, randomUUID(), false);
    // Told in the app; not by mail to an address anyone could have typed at sign-up.
    expect((await listOf(asha)).unreadCount).toBe(1);
    expect(queuedMails.filter((job) => job.to === asha.email)).toEqual([]);

    await verified(asha, 'Asha');
    await sendMessage(ravi, asha, randomUUID(), false);
    await waitFor(() => mailsTo(asha).length === 1, 5_000, 'the message mail once proved');
    expect(queuedTo(asha)).toHaveLength(1);
  });

  it('name nobody in the subject, whatever name they chose; the body names them, escaped', async () => {
    const asha = await registered('Asha');
    // Names that would speak for the site in a mailbox: a username, and a first name whose bidi
    // override turns the text after it around.
    const evil = await registered(null, { user: buildUser({ username: 'evil_name' }) });
    const bidi = 'Saathi \u202eTeam <Security>\u202c';
    const spoofer = await registered(bidi);
    await sendMessage(evil, asha, randomUUID(), false);
    await sendMessage(spoofer, asha, randomUUID(), false);
    await waitFor(() => mailsTo(asha).length === 2, 5_000, 'both message mails');
    expect(queuedTo(asha)).toHaveLength(2);
    // Every mail queued so far, the welcome mails of the two included.
    expect(queuedMails.filter((job) => job.to === evil.email).map((job) => job.subject)).toEqual([
      'Welcome to Saathi',
    ]);
    for (const { subject } of queuedMails) {
      expect(subject).not.toContain('evil_name');
      expect(subject).not.toMatch(/Security|[\u202a-\u202e]/);
    }
    const bodies = mailsTo(asha);
    expect(bodies.some((mail) => mail.text.includes('evil_name sent you a message'))).toBe(true);
    expect(bodies.some((mail) => mail.html?.includes('Team &lt;Security&gt;'))).toBe(true);
  });

  it('a message request brings a request notice and no mail; once accepted, messages bring both', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const conversationId = randomUUID();
    await act(messageSentV1, {
      messageId: randomUUID(),
      conversationId,
      senderId: ravi.id,
      recipientId: asha.id,
      recipientOnline: false,
      sentAt: clock.now().toISOString(),
      isRequest: true,
    });
    expect(queuedTo(asha)).toHaveLength(0);
    const asked = (await listOf(asha)).notifications;
    expect(asked.map(({ type, actorName, conversationId: id }) => ({ type, actorName, id }))).toEqual([
      { type: 'message_request', actorName: 'Ravi', id: conversationId },
    ]);

    await sendMessage(ravi, asha, conversationId, false);
    expect(queuedTo(asha)).toHaveLength(1);
    expect((await listOf(asha)).notifications.map((n) => n.type)).toEqual(['message', 'message_request']);
  });
});

describe('posts that are gone', () => {
  it('take their notifications with them when deleted or expired; others stay', async () => {
    const author = await registered('Asha');
    const fan = await registered('Fan');
    const [deleted, expired, kept] = [randomUUID(), randomUUID(), randomUUID()];
    for (const postId of [deleted, expired, kept])
      await act(postLikedV1, { postId, userId: fan.id, postAuthorId: author.id });
    await act(commentCreatedV1, {
      commentId: randomUUID(),
      postId: deleted,
      authorId: fan.id,
      postAuthorId: author.id,
    });
    expect((await listOf(author)).unreadCount).toBe(4);

    await act(postDeletedV1, { postId: deleted, authorId: author.id, deletedBy: author.id });
    await act(postExpiredV1, { postIds: [expired, randomUUID()] });
    const list = await listOf(author);
    expect(list.notifications.map((n) => n.postId)).toEqual([kept]);
    expect(list.unreadCount).toBe(1);
  });
});
