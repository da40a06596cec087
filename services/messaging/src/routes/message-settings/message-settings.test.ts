import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  activityCheckedInV1,
  MessageSettingsMessages,
  MessagingMessages,
  userDeletedV1,
} from '@saathi/contracts';
import type { Conversation, MessageSettings, WhoMayStart } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { sql } from 'drizzle-orm';
import { waitFor } from '@saathi/platform/testing';
import { buildUser, startTestMessaging } from '../../testing/test-messaging';
import type { TestMessaging } from '../../testing/test-messaging';

let messaging: TestMessaging;
beforeAll(async () => {
  messaging = await startTestMessaging();
});
afterAll(() => messaging.close());

const choose = (user: AuthUser, whoMayStart: WhoMayStart) =>
  messaging.call(user, 'PUT', '/api/message-settings', { whoMayStart });

const settingsOf = async (user: AuthUser) =>
  (await messaging.call(user, 'GET', '/api/message-settings')).json<MessageSettings>();

const startAnswer = (user: AuthUser, other: AuthUser) =>
  messaging.call(user, 'POST', '/api/conversations', { participantId: other.id });

const conversationsOf = async (user: AuthUser) =>
  (await messaging.call(user, 'GET', '/api/conversations')).json<Conversation[]>();

const startedBetween = async (one: AuthUser, other: AuthUser) =>
  (await messaging.outbox('messaging.conversation.started.v1')).filter(
    (event) =>
      (event.participant1Id === one.id && event.participant2Id === other.id) ||
      (event.participant1Id === other.id && event.participant2Id === one.id),
  );

const metPairsOf = (user: AuthUser) =>
  messaging.rows<{ met_at: Date | string }>(
    sql`select met_at from messaging.met_pairs where user_low = ${user.id}::uuid or user_high = ${user.id}::uuid`,
  );

/** How many of these events messaging's check-in consumer has handled (its inbox). */
const handledCount = async (eventIds: string[]) =>
  (
    await messaging.rows(
      sql`select 1 from messaging.inbox
           where consumer = 'messaging.activity-checked-in'
             and event_id in (${sql.join(
               eventIds.map((id) => sql`${id}::uuid`),
               sql`, `,
             )})`,
    )
  ).length;

/** feed's check-in of `guest` at `host`'s activity, handled by messaging. */
async function checkIn(host: AuthUser, guest: AuthUser): Promise<void> {
  await messaging.publish(activityCheckedInV1, { postId: randomUUID(), hostId: host.id, userId: guest.id });
  await waitFor(async () => (await metPairsOf(host)).length > 0, 5_000, 'the met pair');
}

async function people(): Promise<{ asha: AuthUser; ravi: AuthUser }> {
  const asha = buildUser();
  const ravi = buildUser();
  await messaging.register(asha);
  await messaging.register(ravi, { firstName: 'Ravi', lastName: 'Kumar' });
  return { asha, ravi };
}

describe('message settings', () => {
  it("are 'everyone' by default, and a stranger's start is a request as before", async () => {
    const { asha, ravi } = await people();
    expect(await settingsOf(ravi)).toEqual({ whoMayStart: 'everyone' });
    const id = await messaging.start(asha, ravi);
    await messaging.send(asha, id, 'Hello');
    expect((await conversationsOf(ravi)).find((c) => c.id === id)?.isRequest).toBe(true);
  });

  it("are the caller's own: each person reads and changes only theirs", async () => {
    const { asha, ravi } = await people();
    const answer = await choose(ravi, 'met');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ whoMayStart: 'met' });
    expect(await settingsOf(ravi)).toEqual({ whoMayStart: 'met' });
    expect(await settingsOf(asha)).toEqual({ whoMayStart: 'everyone' });
    await choose(ravi, 'nobody');
    expect(await settingsOf(ravi)).toEqual({ whoMayStart: 'nobody' });
  });

  it('refuse a value that is not one of the three, and a missing one, with 400', async () => {
    const { ravi } = await people();
    for (const payload of [{ whoMayStart: 'friends' }, {}, { whoMayStart: 1 }]) {
      const answer = await messaging.call(ravi, 'PUT', '/api/message-settings', payload);
      expect(answer.statusCode).toBe(400);
      expect(answer.json<{ message: string }>().message).toBe(MessageSettingsMessages.invalidWhoMayStart);
    }
    expect(await settingsOf(ravi)).toEqual({ whoMayStart: 'everyone' });
  });

  it('need a signed-in caller', async () => {
    expect((await messaging.call(null, 'GET', '/api/message-settings')).statusCode).toBe(401);
    expect(
      (await messaging.call(null, 'PUT', '/api/message-settings', { whoMayStart: 'nobody' })).statusCode,
    ).toBe(401);
  });

  it('can be set before messaging has heard of the account', async () => {
    const newcomer = buildUser();
    expect((await choose(newcomer, 'nobody')).statusCode).toBe(200);
    expect(await settingsOf(newcomer)).toEqual({ whoMayStart: 'nobody' });
    await messaging.register(newcomer);
    expect(await settingsOf(newcomer)).toEqual({ whoMayStart: 'nobody' });
  });
});

describe('who may start a conversation', () => {
  it("'nobody' refuses a new one with the recipient's name and stores nothing", async () => {
    const { asha, ravi } = await people();
    await choose(ravi, 'nobody');
    const answer = await startAnswer(asha, ravi);
    expect(answer.statusCode).toBe(403);
    expect(answer.json()).toMatchObject({
      message: "Ravi isn't taking new messages",
      code: 'NOT_TAKING_NEW_MESSAGES',
    });
    expect(MessagingMessages.notTakingNewMessages('Ravi')).toBe("Ravi isn't taking new messages");
    expect(await conversationsOf(asha)).toEqual([]);
    expect(await conversationsOf(ravi)).toEqual([]);
    expect(await startedBetween(asha, ravi)).toEqual([]);
    const stored = await messaging.rows(
      sql`select 1 from messaging.conversations where participant1_id = ${asha.id}::uuid or participant2_id = ${asha.id}::uuid`,
    );
    expect(stored).toEqual([]);
  });

  it('names the recipient as messaging shows them elsewhere (the username without a first name)', async () => {
    const asha = buildUser();
    const nameless = buildUser();
    await messaging.register(asha);
    await messaging.register(nameless);
    await choose(nameless, 'nobody');
    const answer = await startAnswer(asha, nameless);
    expect(answer.json<{ message: string }>().message).toBe(`${nameless.username} isn't taking new messages`);
  });

  it("'met' refuses someone they never met at an activity", async () => {
    const { asha, ravi } = await people();
    await choose(ravi, 'met');
    const answer = await startAnswer(asha, ravi);
    expect(answer.statusCode).toBe(403);
    expect(answer.json<{ message: string }>().message).toBe("Ravi isn't taking new messages");
    expect(await startedBetween(asha, ravi)).toEqual([]);
  });

  it("'met' lets in someone checked in at an activity with them, either way round, once the event is handled", async () => {
    const { asha, ravi } = await people();
    const other = buildUser();
    await messaging.register(other);
    await choose(ravi, 'met');
    await choose(asha, 'met');
    await checkIn(ravi, asha);
    const id = await messaging.start(asha, ravi);
    expect(await messaging.start(ravi, asha)).toBe(id);
    expect(await startedBetween(asha, ravi)).toHaveLength(1);
    // The meeting is between those two only.
    expect((await startAnswer(other, ravi)).statusCode).toBe(403);
  });

  it('records a meeting once, however often the check-in is handled', async () => {
    const { asha, ravi } = await people();
    const data = { postId: randomUUID(), hostId: asha.id, userId: ravi.id };
    const ids = [
      await messaging.publish(activityCheckedInV1, data, new Date('2026-01-02T10:00:00Z')),
      await messaging.publish(activityCheckedInV1, data, new Date('2026-01-01T10:00:00Z')),
      await messaging.publish(
        activityCheckedInV1,
        { ...data, postId: randomUUID() },
        new Date('2026-03-01T10:00:00Z'),
      ),
    ];
    await waitFor(async () => (await handledCount(ids)) === 3, 5_000, 'the check-ins');
    const [pair] = await metPairsOf(asha);
    expect(new Date(pair?.met_at ?? 0).toISOString()).toBe('2026-01-01T10:00:00.000Z');
  });

  it("leaves a conversation that exists alone: 'nobody' does not stop either side", async () => {
    const { asha, ravi } = await people();
    const id = await messaging.start(asha, ravi);
    await messaging.send(asha, id, 'Badminton at 7?');
    await choose(ravi, 'nobody');
    await choose(asha, 'nobody');
    expect(await messaging.start(asha, ravi)).toBe(id);
    expect(await messaging.start(ravi, asha)).toBe(id);
    await messaging.send(asha, id, 'Still on?');
    await messaging.send(ravi, id, 'Yes');
  });

  it('leaves a request the recipient declined as it was', async () => {
    const { asha, ravi } = await people();
    const id = await messaging.start(asha, ravi);
    await messaging.send(asha, id, 'Hello');
    expect((await messaging.call(ravi, 'POST', `/api/conversations/${id}/decline`)).statusCode).toBe(200);
    await choose(ravi, 'nobody');
    expect(await messaging.start(asha, ravi)).toBe(id);
  });

  it('keeps a block first: a blocked pair is told it cannot message, not the setting', async () => {
    const { asha, ravi } = await people();
    await choose(ravi, 'nobody');
    await messaging.block(ravi, asha);
    const answer = await startAnswer(asha, ravi);
    expect(answer.statusCode).toBe(403);
    expect(answer.json<{ message: string }>().message).toBe(MessagingMessages.cannotMessage);
  });
});

describe('a deleted account and the data export', () => {
  it('deletion removes the meetings the person was in', async () => {
    const { asha, ravi } = await people();
    await checkIn(asha, ravi);
    await messaging.publish(userDeletedV1, { userId: ravi.id });
    await waitFor(async () => (await metPairsOf(asha)).length === 0, 5_000, 'the erasure');
    expect(await metPairsOf(ravi)).toEqual([]);
  });

  it('a check-in handled after the deletion records nothing', async () => {
    const { asha, ravi } = await people();
    await messaging.publish(userDeletedV1, { userId: ravi.id });
    await waitFor(
      async () =>
        (await messaging.rows(sql`select 1 from messaging.erased_people where user_id = ${ravi.id}::uuid`))
          .length > 0,
      5_000,
      'the erasure',
    );
    const envelopeId = await messaging.publish(activityCheckedInV1, {
      postId: randomUUID(),
      hostId: asha.id,
      userId: ravi.id,
    });
    await waitFor(async () => (await handledCount([envelopeId])) === 1, 5_000, 'the late check-in');
    expect(await metPairsOf(asha)).toEqual([]);
  });

  it('the export holds the setting and when the person met someone, not whom', async () => {
    const { asha, ravi } = await people();
    await choose(asha, 'met');
    await checkIn(ravi, asha);
    const exported = (await messaging.call(asha, 'GET', '/api/export/messaging')).json<
      Record<string, unknown>
    >();
    expect(exported.messageSettings).toEqual({ whoMayStart: 'met' });
    expect(exported.metAtActivities).toEqual([{ metAt: expect.any(String) as unknown }]);
    expect(JSON.stringify(exported.metAtActivities)).not.toContain(ravi.id);
  });
});
