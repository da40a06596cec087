// Events about a deleted account handled after its deletion: each event type has its own durable
// consumer, so one written before identity.user.deleted.v1 (a lagging consumer, a redelivery)
// can be handled after notification erased the person. None may write a row naming them again.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  activityRequestedV1,
  commentCreatedV1,
  messageSentV1,
  QueueName,
  userDeletedV1,
  userRegisteredV1,
  userUpdatedV1,
} from '@saathi/contracts';
import type { EventData, EventDefinition } from '@saathi/contracts';
import { ERASED_PEOPLE_KEPT_MS } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { countRowsNaming, TestClock } from '@saathi/platform/testing';
import { publishHandled, startRecordedNotification } from '../testing/recorded-notification';
import type { QueuedJob } from '../testing/recording-queue';
import { buildUser } from '../testing/test-notification';
import type { TestNotification } from '../testing/test-notification';
import { pruneNotifications } from '../use-cases/prune';

const clock = new TestClock(new Date('2026-03-02T09:00:00Z'));
let notification: TestNotification;
let queued: QueuedJob[];

beforeAll(async () => {
  ({ notification, queued } = await startRecordedNotification('user-deleted-test', clock));
});
afterAll(() => notification?.close());

/** Publishes as of `occurredAt` and waits until `consumers` consumers have handled it (inbox); its id. */
const act = async <E extends EventDefinition>(
  event: E,
  data: EventData<E>,
  occurredAt = clock.now(),
  consumers = 1,
): Promise<string> => (await publishHandled(notification, event, data, occurredAt, consumers)).id;

const accountOf = (user: AuthUser, firstName: string) => ({
  userId: user.id,
  username: user.username,
  firstName,
  lastName: 'Iyer',
  profileImageUrl: null,
});

/** Tables of notification's schema with a row naming the person, but the event tables and the erased id. */
const rowsNaming = async (user: AuthUser): Promise<string[]> =>
  Object.keys(
    await countRowsNaming(notification, 'notification', [user.id, user.username], {
      except: ['outbox', 'inbox', 'erased_people'],
    }),
  );

describe('events about a deleted account handled after its deletion', () => {
  it('bring back no names or address, no notification to or naming them, no activity row', async () => {
    const vera = buildUser();
    const farah = buildUser();
    await act(userRegisteredV1, { ...accountOf(farah, 'Farah'), email: 'farah@example.com' });
    const before = clock.now();
    clock.advance(60_000);
    await act(userDeletedV1, { userId: vera.id });

    // Written before the deletion, handled after it.
    await act(userUpdatedV1, { ...accountOf(vera, 'Vera'), displayName: null }, before);
    await act(
      userRegisteredV1,
      { ...accountOf(vera, 'Vera'), email: `${vera.username}@example.com` },
      before,
    );
    const conversationId = randomUUID();
    const message = (senderId: string, recipientId: string) => ({
      messageId: randomUUID(),
      conversationId,
      senderId,
      recipientId,
      recipientOnline: false,
      sentAt: before.toISOString(),
    });
    const toVera = await act(messageSentV1, message(farah.id, vera.id), before);
    await act(messageSentV1, message(vera.id, farah.id), before);
    const postId = randomUUID();
    await act(
      commentCreatedV1,
      { commentId: randomUUID(), postId, postAuthorId: farah.id, authorId: vera.id },
      before,
    );
    await act(
      activityRequestedV1,
      { postId, hostId: farah.id, userId: vera.id, status: 'requested', note: null },
      before,
    );

    expect(await rowsNaming(vera)).toEqual([]);
    expect(
      await notification.rows(
        sql`select 1 from notification.notifications where recipient_id = ${farah.id}::uuid`,
      ),
    ).toEqual([]);
    expect(queued.filter((job) => job.queue === QueueName.email && job.options?.jobId === toVera)).toEqual(
      [],
    );

    // The living are not held back: Farah's own update still applies.
    clock.advance(1_000);
    await act(userUpdatedV1, { ...accountOf(farah, 'Farah R.'), displayName: null });
    expect(
      await notification.rows(
        sql`select first_name from notification.users where user_id = ${farah.id}::uuid`,
      ),
    ).toEqual([{ first_name: 'Farah R.' }]);
  });

  it('are guarded for 30 days, then the hourly clean-up forgets the id', async () => {
    const vera = buildUser();
    await act(userDeletedV1, { userId: vera.id });
    const remembered = async () =>
      (
        await notification.rows(
          sql`select 1 from notification.erased_people where user_id = ${vera.id}::uuid`,
        )
      ).length > 0;
    clock.advance(ERASED_PEOPLE_KEPT_MS - 60_000);
    await pruneNotifications(notification.core);
    expect(await remembered()).toBe(true);
    clock.advance(2 * 60_000);
    await pruneNotifications(notification.core);
    expect(await remembered()).toBe(false);
  });
});
