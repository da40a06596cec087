import { and, eq, inArray, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { ErasedPeople } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { SCHEMA } from '../schema-name';
import { activityPeople } from './schema';

export type ActivityStatus = 'requested' | 'waitlisted' | 'accepted' | 'declined' | 'left';

export interface ActivityPerson {
  userId: string;
  hostId: string;
  status: ActivityStatus;
}

/**
 * The activity-people projection: each person's latest status in each activity, as the feed's
 * activity events tell it. Notification never reads the feed's tables; this is its own copy of
 * what it needs to address a notice to "everyone still waiting" or "everyone who was in".
 */
export class ActivityPeopleRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ActivityPeopleRepository {
    return new ActivityPeopleRepository(db);
  }

  /**
   * Records a person's status as of the event's time. Each event type has its own consumer, so
   * a request and its acceptance may be applied in either order: only a newer event wins. An
   * event about an erased person or host (handled after the deletion) records nothing.
   */
  async apply(
    person: { postId: string; userId: string; hostId: string; status: ActivityStatus },
    asOf: Date,
  ): Promise<void> {
    const erased = await new ErasedPeople(this.db, SCHEMA).erasedAmong([person.userId, person.hostId]);
    if (erased.size > 0) return;
    await this.db
      .insert(activityPeople)
      .values({
        postId: person.postId,
        userId: person.userId,
        hostId: person.hostId,
        status: person.status,
        sourceAt: asOf,
      })
      .onConflictDoUpdate({
        target: [activityPeople.postId, activityPeople.userId],
        set: { status: sql`excluded.status`, sourceAt: sql`excluded.source_at` },
        setWhere: sql`${activityPeople.sourceAt} <= excluded.source_at`,
      });
  }

  /** Everyone the projection knows in the activity (any status), the host not included. */
  async peopleOf(postId: string): Promise<ActivityPerson[]> {
    const rows = await this.db
      .select({ userId: activityPeople.userId, hostId: activityPeople.hostId, status: activityPeople.status })
      .from(activityPeople)
      .where(eq(activityPeople.postId, postId))
      .orderBy(activityPeople.sourceAt, activityPeople.userId);
    return rows.map((row) => ({ ...row, status: row.status as ActivityStatus }));
  }

  /**
   * Marks the activities over (expired or deleted) and answers each one's people as they were.
   * The rows stay a while: a weekly series' next occurrence is announced to them afterwards.
   */
  async end(postIds: readonly string[], at: Date): Promise<Map<string, ActivityPerson[]>> {
    const byPost = new Map<string, ActivityPerson[]>();
    if (postIds.length === 0) return byPost;
    const rows = await this.db
      .update(activityPeople)
      .set({ endedAt: at })
      .where(and(inArray(activityPeople.postId, [...postIds]), isNull(activityPeople.endedAt)))
      .returning({
        postId: activityPeople.postId,
        userId: activityPeople.userId,
        hostId: activityPeople.hostId,
        status: activityPeople.status,
        sourceAt: activityPeople.sourceAt,
      });
    rows.sort((a, b) => a.sourceAt.getTime() - b.sourceAt.getTime() || a.userId.localeCompare(b.userId));
    for (const row of rows) {
      const people = byPost.get(row.postId) ?? [];
      people.push({ userId: row.userId, hostId: row.hostId, status: row.status as ActivityStatus });
      byPost.set(row.postId, people);
    }
    return byPost;
  }

  /** Forgets activities over before `before`. */
  async deleteEndedBefore(before: Date): Promise<void> {
    await this.db
      .delete(activityPeople)
      .where(and(isNotNull(activityPeople.endedAt), lt(activityPeople.endedAt, before)));
  }
}
