// Messages across a block: messaging refuses them, but a message sent just before messaging heard
// of the block can be handled here after notification did. It must notify nothing, mail nothing
// and move no notification up — on the full path and on the cheap one alike.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  messageSentV1,
  QueueName,
  userBlockedV1,
  userEmailVerifiedV1,
  userRegisteredV1,
} from '@saathi/contracts';
import type { EventData, EventDefinition } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import { TestClock, waitFor } from '@saathi/platform/testing';
import { publishHandled, startRecordedNotification } from '../testing/recorded-notification';
import type { QueuedJob } from '../testing/recording-queue';
import { buildUser } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';

const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
let notification: TestNotification;
let queued: QueuedJob[];

beforeAll(async () => {
  ({ notification, queued } = await startRecordedNotification('message-blocks-test', clock));
});
afterAll(() => notification?.close());

/** Publishes as of `occurredAt` and waits until `consumers` consumers have handled it (inbox). */
const act = <E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  occurredAt = clock.now(),
  consumers = 1,
) => publishHandled(notification, event, data, occurredAt, consumers);

async function registered(firstName: string): Promise<AuthUser> {
  const user = buildUser();
  const account = {
    userId: user.id,
    username: user.username,
    email: `${user.username}@example.com`,
    firstName,
    lastName: null,
  };
  await act(userRegisteredV1, { ...account, profileImageUrl: null });
  // A proved address, so only the block keeps a mail from going out. The projection and the
  // welcome mail: two consumers.
  await act(userEmailVerifiedV1, account, clock.now(), 2);
  return user;
}

const notificationsOf = (user: AuthUser) =>
  notification.rows<{ id: string; actor_id: string; updated_at: string }>(
    sql`select id, actor_id, updated_at from notification.notifications where recipient_id = ${user.id}::uuid`,
  );
const upsertedFor = async (user: AuthUser) =>
  (
    await notification.rows<{ payload: { data: { recipientId: string } } }>(
      sql`select payload from notification.outbox where type = 'notification.notification.upserted.v1'`,
    )
  ).filter((row) => row.payload.data.recipientId === user.id).length;

describe('a message handled after a block between the two', () => {
  it('to someone away: no notification, no upserted event, no mail', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const sentAt = clock.now();
    clock.advance(1_000);
    await act(userBlockedV1, { blockerId: asha.id, blockedId: ravi.id });

    // Ravi's message was written a second before Asha's block, and reaches notification after it.
    const message = await act(
      messageSentV1,
      {
        messageId: randomUUID(),
        conversationId: randomUUID(),
        senderId: ravi.id,
        recipientId: asha.id,
        recipientOnline: false,
        sentAt: sentAt.toISOString(),
      },
      sentAt,
    );
    expect(await notificationsOf(asha)).toEqual([]);
    expect(await upsertedFor(asha)).toBe(0);
    expect(
      queued.filter((job) => job.queue === QueueName.email && job.options?.jobId === message.id),
    ).toEqual([]);
  });

  it('to someone online with an unread notification from the sender: not moved up', async () => {
    const asha = await registered('Asha');
    const ravi = await registered('Ravi');
    const conversationId = randomUUID();
    const message = (recipientOnline: boolean) => {
      clock.advance(1_000);
      return {
        messageId: randomUUID(),
        conversationId,
        senderId: ravi.id,
        recipientId: asha.id,
        recipientOnline,
        sentAt: clock.now().toISOString(),
      };
    };
    await act(messageSentV1, message(true));
    const [before] = await notificationsOf(asha);
    expect(before).toMatchObject({ actor_id: ravi.id });
    const pushes = await upsertedFor(asha);

    // Written before the block (a second earlier), handled after it: the cheap path would only
    // have moved the unread notification up.
    const late = message(true);
    clock.advance(1_000);
    await act(userBlockedV1, { blockerId: asha.id, blockedId: ravi.id });
    // Handled: either through the inbox (the full path), or by moving the notification up.
    const envelope = await notification.publish(messageSentV1, late, new Date(late.sentAt));
    await waitFor(
      async () =>
        (await notification.rows(sql`select 1 from notification.inbox where event_id = ${envelope.id}::uuid`))
          .length > 0 || (await notificationsOf(asha))[0]?.updated_at !== before!.updated_at,
      10_000,
      'the late message handled',
    );
    expect(await notificationsOf(asha)).toEqual([before]);
    expect(await upsertedFor(asha)).toBe(pushes);
  });
});
