// Events about a deleted account handled after its deletion: each event type reaches the feed on
// its own durable consumer, so one written before identity.user.deleted.v1 (a lagging consumer,
// a redelivery) can be handled after the feed erased the person. None may write a row naming them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import {
  reportFiledV1,
  userBlockedV1,
  userDeletedV1,
  userReinstatedV1,
  userRegisteredV1,
  userSuspendedV1,
  userUnblockedV1,
  userUpdatedV1,
} from '@saathi/contracts';
import type { EventData, EventDefinition } from '@saathi/contracts';
import { ERASED_PEOPLE_KEPT_MS, ErasedPeople } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import { countRowsNaming, waitFor } from '@saathi/platform/testing';
import { feedService } from '../index';
import { buildUser, startTestFeed } from '../testing/test-feed';
import type { TestFeed } from '../testing/test-feed';

let feed: TestFeed;
beforeAll(async () => {
  feed = await startTestFeed();
});
afterAll(() => feed.close());

/** Publishes as of `occurredAt` and waits until the `consumer` durable has handled it (inbox). */
async function handled<E extends EventDefinition>(
  consumer: string,
  event: E,
  data: EventData<E>,
  occurredAt = new Date(),
): Promise<void> {
  const id = await feed.publish(event, data, occurredAt);
  await waitFor(
    async () =>
      (await feed.rows(sql`select 1 from feed.inbox where consumer = ${consumer} and event_id = ${id}::uuid`))
        .length === 1,
    10_000,
    `${consumer} to handle the event`,
  );
}

const deleteAccount = (user: AuthUser) => handled('feed.user-deleted', userDeletedV1, { userId: user.id });

const accountOf = (user: AuthUser, firstName: string) => ({
  userId: user.id,
  username: user.username,
  firstName,
  lastName: 'Iyer',
  profileImageUrl: null,
});

/** Tables of the feed's schema with a row naming the person, but the event tables and the erased id. */
const rowsNaming = async (user: AuthUser): Promise<string[]> =>
  Object.keys(
    await countRowsNaming(feed, 'feed', [user.id, user.username], {
      except: ['outbox', 'inbox', 'erased_people'],
    }),
  );

describe('events about a deleted account handled after its deletion', () => {
  it('bring back no author row, no block or unblock, no hide of theirs and no suspension', async () => {
    const vera = buildUser();
    const farah = buildUser();
    const farahPost = await feed.createPost(farah);
    const before = new Date(Date.now() - 60_000);
    await deleteAccount(vera);

    // Written before the deletion, handled after it.
    await handled(
      'feed.authors-registered',
      userRegisteredV1,
      { ...accountOf(vera, 'Vera'), email: `${vera.username}@example.com` },
      before,
    );
    await handled(
      'feed.authors-updated',
      userUpdatedV1,
      { ...accountOf(vera, 'Vera'), displayName: 'Vera I.' },
      before,
    );
    await handled('feed.user-blocked', userBlockedV1, { blockerId: vera.id, blockedId: farah.id }, before);
    await handled('feed.user-blocked', userBlockedV1, { blockerId: farah.id, blockedId: vera.id }, before);
    await handled(
      'feed.user-unblocked',
      userUnblockedV1,
      { blockerId: vera.id, blockedId: farah.id },
      before,
    );
    await handled(
      'feed.report-filed',
      reportFiledV1,
      { reporterId: vera.id, targetKind: 'post', targetId: farahPost.id },
      before,
    );
    await handled('feed.user-suspended', userSuspendedV1, { userId: vera.id, actorId: farah.id }, before);
    await handled('feed.user-reinstated', userReinstatedV1, { userId: vera.id, actorId: farah.id }, before);

    expect(await rowsNaming(vera)).toEqual([]);
    // Farah's post was reported by no one who is left: it is still shown to everyone.
    expect(
      await feed.rows(sql`select 1 from feed.hidden_for_viewer where target_id = ${farahPost.id}::uuid`),
    ).toEqual([]);
  });

  it('do not hold back the living: their names, blocks, hides and suspensions still apply', async () => {
    const vera = buildUser();
    const [farah, zoya] = [buildUser(), buildUser()];
    const zoyaPost = await feed.createPost(zoya);
    await deleteAccount(vera);

    await handled('feed.authors-updated', userUpdatedV1, { ...accountOf(farah, 'Farah'), displayName: null });
    await handled('feed.user-blocked', userBlockedV1, { blockerId: farah.id, blockedId: zoya.id });
    await handled('feed.report-filed', reportFiledV1, {
      reporterId: farah.id,
      targetKind: 'post',
      targetId: zoyaPost.id,
    });
    await handled('feed.user-suspended', userSuspendedV1, { userId: zoya.id, actorId: farah.id });

    expect(
      await feed.rows(sql`select first_name from feed.authors where user_id = ${farah.id}::uuid`),
    ).toEqual([{ first_name: 'Farah' }]);
    expect(
      await feed.rows(
        sql`select 1 from feed.blocks where blocker_id = ${farah.id}::uuid and blocked_id = ${zoya.id}::uuid`,
      ),
    ).toHaveLength(1);
    expect(
      await feed.rows(sql`select target_id from feed.hidden_for_viewer where viewer_id = ${farah.id}::uuid`),
    ).toEqual([{ target_id: zoyaPost.id }]);
    expect(
      await feed.rows(
        sql`select 1 from feed.authors where user_id = ${zoya.id}::uuid and suspended_at is not null`,
      ),
    ).toHaveLength(1);
  });

  it('are guarded for 30 days, then the hourly periodic prune forgets the id', async () => {
    const vera = buildUser();
    await deleteAccount(vera);
    const remembered = async () =>
      (await feed.rows(sql`select 1 from feed.erased_people where user_id = ${vera.id}::uuid`)).length > 0;
    expect(await remembered()).toBe(true);
    const prune = feedService.periodic?.find((task) => task.name === 'feed-erased-people-prune');
    expect(prune?.everyMs).toBe(60 * 60 * 1000);
    const at = (ms: number) => ({ now: () => new Date(feed.clock.now().getTime() + ms) });
    // The task reads only the erased people's table and the clock.
    const core = (clock: ReturnType<typeof at>) => ({
      erasedPeople: new ErasedPeople(feed.deps.db.db, 'feed'),
      clock,
    });
    await prune?.run(core(at(ERASED_PEOPLE_KEPT_MS - 60_000)) as never);
    expect(await remembered()).toBe(true);
    await prune?.run(core(at(ERASED_PEOPLE_KEPT_MS + 60_000)) as never);
    expect(await remembered()).toBe(false);
  });
});
