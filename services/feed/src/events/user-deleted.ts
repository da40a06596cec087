import { postDeletedV1, userDeletedV1 } from '@saathi/contracts';
import { ErasedPeople, subscribeOnceWithEvents } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { AccountErasureRepository } from '../db/account-erasure-repository';
import { ActivitiesRepository } from '../db/activities-repository';
import { CirclesRepository } from '../db/circles-repository';
import { SCHEMA } from '../db/schema-name';
import { fillSpotsFreedByErasure } from '../use-cases/activities';
import { leaveCirclesOfErased } from '../use-cases/circle-safety';

const DURABLE = 'feed.user-deleted';

/**
 * identity.user.deleted.v1 → the feed erases the person's posts, comments, likes, reactions and
 * the rest. Each deleted post is announced as feed.post.deleted.v1 (deleted by its author), so
 * caches and notifications about it go the way a post deleted by hand does. A spot they held in
 * someone else's coming activity goes to its waitlist's first, as when someone leaves. Their circles
 * pass to a co-organiser or close, and they leave every circle they are in (docs/circles.md).
 * The id is remembered as erased for 30 days (`erased_people`), first: it waits for a write about
 * them under way, and keeps a late profile, block, report or suspension event of theirs from
 * writing anything back.
 */
export function subscribeUserDeleted(kit: ServiceKit<Config>): Promise<void> {
  return subscribeOnceWithEvents(kit, SCHEMA, {
    durable: DURABLE,
    event: userDeletedV1,
    handle: async (tx, emit, envelope) => {
      const userId = envelope.data.userId;
      const now = kit.clock.now();
      await new ErasedPeople(tx, SCHEMA).remember(userId, now);
      const activities = new ActivitiesRepository(tx);
      const freed = await activities.acceptedSpotsOf(userId, now);
      await leaveCirclesOfErased(new CirclesRepository(tx), userId, now, emit);
      const postIds = await new AccountErasureRepository(tx).erase(userId);
      for (const postId of postIds) emit(postDeletedV1, { postId, authorId: userId, deletedBy: userId });
      await fillSpotsFreedByErasure(activities, freed, now, emit);
    },
  });
}
