import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityAcceptedV1,
  activityCheckedInV1,
  activityLeftV1,
  MessagingMessages,
  reportFiledV1,
  userDeletedV1,
  userRegisteredV1,
  userUpdatedV1,
} from '@saathi/contracts';
import type { Conversation } from '@saathi/contracts';
import { sql } from 'drizzle-orm';
import { ERASED_PEOPLE_KEPT_MS, ErasedPeople } from '@saathi/platform';
import { countRowsNaming, waitFor } from '@saathi/platform/testing';
import { messagingService } from '../index';
import { buildUser, startTestMessaging } from '../testing/test-messaging';
import type { TestMessaging } from '../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

describe('a deleted account', () => {
  it('becomes "Deleted user" for the other side, whose conversation and messages stay', async () => {
    const asha = buildUser();
    const ravi = buildUser();
    await messaging.register(asha, { firstName: 'Asha', lastName: 'Rao' });
    await messaging.register(ravi);
    const id = await messaging.start(asha, ravi);
    await messaging.send(asha, id, 'Chess on Sunday?');
    await messaging.send(ravi, id, 'Yes!');
    expect((await messaging.call(asha, 'POST', `/api/conversations/${id}/read`, {})).statusCode).toBe(200);

    await messaging.publish(userDeletedV1, { userId: asha.id });
    const listOfRavi = async () =>
      (await messaging.call(ravi, 'GET', '/api/conversations'))
        .json<Conversation[]>()
        .find((c) => c.id === id);
    await waitFor(
      async () => (await listOfRavi())?.otherParticipant.displayName === 'Deleted user',
      5_000,
      'the rename',
    );
    expect((await listOfRavi())?.otherParticipant).toMatchObject({
      displayName: 'Deleted user',
      profileImageUrl: null,
    });
    const thread = await messaging.call(ravi, 'GET', `/api/conversations/${id}/messages`);
    expect(thread.json<{ content: string }[]>().map((m) => m.content)).toEqual(['Chess on Sunday?', 'Yes!']);
    const names = await messaging.rows<{
      first_name: string | null;
      last_name: string | null;
      username: string;
    }>(
      sql`select first_name, last_name, username from messaging.participants where user_id = ${asha.id}::uuid`,
    );
    expect(names).toEqual([{ first_name: null, last_name: null, username: 'deleted' }]);
    const markers = await messaging.rows(
      sql`select 1 from messaging.read_markers where user_id = ${asha.id}::uuid`,
    );
    expect(markers).toEqual([]);
  });
});

/** Waits until `consumer` has handled the event (its inbox entry). */
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

/**
 * Tables of messaging's schema with a row naming the person, but the event tables and what
 * docs/privacy.md keeps: messages, conversations, the "Deleted user" row and the erased id.
 */
const rowsNaming = async (userId: string, username: string): Promise<string[]> =>
  Object.keys(
    await countRowsNaming(messaging, 'messaging', [userId, username], {
      except: ['outbox', 'inbox', 'messages', 'conversations', 'erased_people'],
      keptRows: { participants: sql`t.username = 'deleted'` },
    }),
  );

/** Publishes the deletion and waits until it is handled. */
const deleteAccount = (user: { id: string }) =>
  handled('messaging.user-deleted', messaging.publish(userDeletedV1, { userId: user.id }));

describe('a conversation with a deleted account', () => {
  it('takes no reply, over HTTP (410) or the socket, and no new start (404); the list says so', async () => {
    const { asha: vera, ravi: farah, conversation } = await messaging.pair();
    await messaging.send(vera, conversation, 'Chess on Sunday?');
    // A meeting at an activity (met_pairs): erased with her too.
    await handled(
      'messaging.activity-checked-in',
      messaging.publish(activityCheckedInV1, { postId: randomUUID(), hostId: farah.id, userId: vera.id }),
    );
    const listed = async () =>
      (await messaging.call(farah, 'GET', '/api/conversations'))
        .json<Conversation[]>()
        .find((c) => c.id === conversation);
    expect((await listed())?.otherDeleted).toBe(false);
    const sentBefore = (await messaging.outbox('messaging.message.sent.v1')).length;

    await deleteAccount(vera);
    expect(await listed()).toMatchObject({
      otherDeleted: true,
      otherParticipant: { displayName: 'Deleted user' },
    });

    const reply = await messaging.call(farah, 'POST', '/api/messages', {
      conversationId: conversation,
      content: 'Are you there?',
    });
    expect(reply.statusCode).toBe(410);
    expect(reply.json()).toMatchObject({ message: MessagingMessages.accountDeleted });
    const socket = await messaging.connect(farah);
    const ack = await socket.emitWithAck('message:send', {
      conversationId: conversation,
      content: 'Hello?',
      clientMessageId: randomUUID(),
    });
    expect(ack).toEqual({ ok: false, status: 410, message: MessagingMessages.accountDeleted });

    const start = await messaging.call(farah, 'POST', '/api/conversations', { participantId: vera.id });
    expect(start.statusCode).toBe(404);
    expect(start.json()).toMatchObject({ message: MessagingMessages.userNotFound });

    // Nothing stored, and no event names Vera as a recipient.
    const thread = await messaging.call(farah, 'GET', `/api/conversations/${conversation}/messages`);
    expect(thread.json<{ content: string }[]>().map((m) => m.content)).toEqual(['Chess on Sunday?']);
    expect((await messaging.outbox('messaging.message.sent.v1')).length).toBe(sentBefore);
    expect(await rowsNaming(vera.id, vera.username)).toEqual([]);
  });
});

describe('events about a deleted account handled after its deletion', () => {
  it('write back no name: an older registration or profile update changes nothing', async () => {
    // Messaging never heard of Vera before her deletion (a lagging registration consumer).
    const vera = buildUser();
    const before = new Date(Date.now() - 60_000);
    await deleteAccount(vera);
    const account = {
      userId: vera.id,
      username: vera.username,
      firstName: 'Vera',
      lastName: 'Iyer',
      profileImageUrl: null,
    };
    await handled(
      'messaging.participants-registered',
      messaging.publish(userRegisteredV1, { ...account, email: `${vera.username}@example.com` }, before),
    );
    await handled(
      'messaging.participants-updated',
      messaging.publish(userUpdatedV1, { ...account, displayName: 'Vera I.' }, before),
    );
    expect(
      await messaging.rows(sql`select 1 from messaging.participants where user_id = ${vera.id}::uuid`),
    ).toEqual([]);
    expect(await rowsNaming(vera.id, vera.username)).toEqual([]);
  });

  it('add them to no activity thread and remember no leave of theirs', async () => {
    const host = buildUser();
    const vera = buildUser();
    await messaging.register(host);
    await messaging.register(vera);
    const startsAt = new Date(messaging.clock.now().getTime() + 60 * 60 * 1000).toISOString();
    const joined = { postId: randomUUID(), hostId: host.id, startsAt };
    const hosted = { postId: randomUUID(), hostId: vera.id, startsAt };
    const before = new Date(Date.now() - 60_000);
    await deleteAccount(vera);

    // Feed's events, written before the deletion, handled after it.
    await handled(
      'messaging.activity-accepted',
      messaging.publish(activityAcceptedV1, { ...joined, userId: vera.id, promoted: false }, before),
    );
    await handled(
      'messaging.activity-left',
      messaging.publish(activityLeftV1, { ...joined, userId: vera.id, wasAccepted: true }, before),
    );
    // An acceptance into an activity Vera hosted: her thread is not opened again.
    await handled(
      'messaging.activity-accepted',
      messaging.publish(activityAcceptedV1, { ...hosted, userId: host.id, promoted: false }, before),
    );
    expect(await rowsNaming(vera.id, vera.username)).toEqual([]);
    expect(
      await messaging.rows(
        sql`select 1 from messaging.activity_threads where post_id in (${hosted.postId}::uuid, ${joined.postId}::uuid)`,
      ),
    ).toEqual([]);

    // Living people are not held back by it.
    const chitra = buildUser();
    await messaging.register(chitra);
    await handled(
      'messaging.activity-accepted',
      messaging.publish(activityAcceptedV1, { ...joined, userId: chitra.id, promoted: false }),
    );
    expect(
      (
        await messaging.rows<{ user_id: string }>(
          sql`select user_id from messaging.activity_thread_members where post_id = ${joined.postId}::uuid
               order by user_id = ${host.id}::uuid desc`,
        )
      ).map((row) => row.user_id),
    ).toEqual([host.id, chitra.id]);
  });

  it('hide no message from them: a report they filed before the deletion writes no hide', async () => {
    const { asha: vera, ravi: farah, conversation } = await messaging.pair();
    const message = await messaging.send(farah, conversation, 'See you at six');
    const before = new Date(Date.now() - 60_000);
    await deleteAccount(vera);

    // Moderation's report.filed, written before the deletion, handled after it.
    await handled(
      'messaging.report-filed',
      messaging.publish(
        reportFiledV1,
        { reporterId: vera.id, targetKind: 'message', targetId: message.id },
        before,
      ),
    );
    expect(
      await messaging.rows(sql`select 1 from messaging.hidden_for_viewer where viewer_id = ${vera.id}::uuid`),
    ).toEqual([]);
    expect(await rowsNaming(vera.id, vera.username)).toEqual([]);

    // A living reporter's report still hides the message from them.
    await handled(
      'messaging.report-filed',
      messaging.publish(reportFiledV1, { reporterId: farah.id, targetKind: 'message', targetId: message.id }),
    );
    expect(
      await messaging.rows(
        sql`select message_id from messaging.hidden_for_viewer where viewer_id = ${farah.id}::uuid`,
      ),
    ).toEqual([{ message_id: message.id }]);
  });

  it('are forgotten 30 days after the erasure by the periodic prune', async () => {
    const vera = buildUser();
    await deleteAccount(vera);
    const remembered = async () =>
      (await messaging.rows(sql`select 1 from messaging.erased_people where user_id = ${vera.id}::uuid`))
        .length > 0;
    expect(await remembered()).toBe(true);
    const prune = messagingService.periodic?.find((task) => task.name === 'messaging-erased-people-prune');
    const at = (ms: number) => ({ now: () => new Date(messaging.clock.now().getTime() + ms) });
    // The task reads only the erased ids and the clock of the core.
    const erasedPeople = new ErasedPeople(messaging.deps.db.db, 'messaging');
    await prune?.run({ erasedPeople, clock: at(ERASED_PEOPLE_KEPT_MS - 60_000) } as never);
    expect(await remembered()).toBe(true);
    await prune?.run({ erasedPeople, clock: at(ERASED_PEOPLE_KEPT_MS + 60_000) } as never);
    expect(await remembered()).toBe(false);
  });
});
