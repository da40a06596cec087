import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { ACTIVITY_HISTORY_KEPT_DAYS, authorNameOf } from '@saathi/contracts';
import type { ActivityVerdict, Reliability } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));
const uuidList = (ids: readonly string[]) =>
  sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );

/**
 * Statements for a `with expired as (select id …)` that deletes posts: the activities among them
 * are copied into the history with the people accepted at the end (and their check-ins). In the
 * same statement as the delete, so they read the members before the cascade takes them.
 */
export function archiveExpiredActivities(): SQL {
  return sql`kept_activities as (
      insert into feed.activity_history (post_id, host_id, content, area, starts_at, ends_at, series_id, kept_until)
      select p.id, p.author_id, p.content, p.activity_area, p.activity_starts_at, p.activity_ends_at,
             p.activity_series_id, p.activity_ends_at + make_interval(days => ${ACTIVITY_HISTORY_KEPT_DAYS})
        from feed.posts p join expired e on e.id = p.id
       where p.activity_starts_at is not null
      on conflict (post_id) do nothing
      returning post_id),
    kept_members as (
      insert into feed.activity_history_members (post_id, user_id, met_at)
      select m.post_id, m.user_id, m.met_at
        from feed.activity_members m join kept_activities k on k.post_id = m.post_id
       where m.status = 'accepted'
      on conflict do nothing)`;
}

/** A kept activity and its people (the host and those accepted at the end). */
export interface KeptActivity {
  postId: string;
  hostId: string;
  content: string;
  area: string;
  startsAt: Date;
  endsAt: Date;
  members: { userId: string; metAt: Date | null }[];
}

interface HistoryRow extends Record<string, unknown> {
  post_id: string;
  host_id: string;
  content: string;
  area: string;
  starts_at: Date;
  ends_at: Date;
}

/** Done activities kept past their post: check-ins, feedback and what reliability counts. */
export class ActivityHistoryRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ActivityHistoryRepository {
    return new ActivityHistoryRepository(db);
  }

  async find(postId: string): Promise<KeptActivity | undefined> {
    const [row] = await queryRows<HistoryRow>(
      this.db,
      sql`select post_id, host_id, content, area, starts_at, ends_at from feed.activity_history
           where post_id = ${postId}`,
    );
    if (!row) return undefined;
    const members = await queryRows<{ user_id: string; met_at: Date | null }>(
      this.db,
      sql`select user_id, met_at from feed.activity_history_members where post_id = ${postId}`,
    );
    return {
      ...this.toKept(row),
      members: members.map((member) => ({
        userId: member.user_id,
        metAt: member.met_at === null ? null : asDate(member.met_at),
      })),
    };
  }

  private toKept(row: HistoryRow): Omit<KeptActivity, 'members'> {
    return {
      postId: row.post_id,
      hostId: row.host_id,
      content: row.content,
      area: row.area,
      startsAt: asDate(row.starts_at),
      endsAt: asDate(row.ends_at),
    };
  }

  /** One verdict per rater about each person; a later tap replaces the earlier one. */
  async rate(postId: string, raterId: string, subjectId: string, verdict: ActivityVerdict, now: Date) {
    await this.db.execute(
      sql`insert into feed.activity_feedback (post_id, rater_id, subject_id, verdict, created_at)
          values (${postId}, ${raterId}, ${subjectId}, ${verdict}, ${now.toISOString()})
          on conflict (post_id, subject_id, rater_id) do update
            set verdict = excluded.verdict, created_at = excluded.created_at`,
    );
  }

  /** The person's kept activities, newest first: hosted or accepted at the end. */
  async pastOf(userId: string, limit: number): Promise<KeptActivity[]> {
    const rows = await queryRows<HistoryRow>(
      this.db,
      sql`select post_id, host_id, content, area, starts_at, ends_at from feed.activity_history
           where host_id = ${userId}
              or post_id in (select post_id from feed.activity_history_members where user_id = ${userId})
           order by starts_at desc, post_id limit ${limit}`,
    );
    if (rows.length === 0) return [];
    const members = await queryRows<{ post_id: string; user_id: string; met_at: Date | null }>(
      this.db,
      sql`select post_id, user_id, met_at from feed.activity_history_members
           where post_id in (${uuidList(rows.map((row) => row.post_id))})
           order by user_id`,
    );
    return rows.map((row) => ({
      ...this.toKept(row),
      members: members
        .filter((member) => member.post_id === row.post_id)
        .map((member) => ({
          userId: member.user_id,
          metAt: member.met_at === null ? null : asDate(member.met_at),
        })),
    }));
  }

  /** Names from the authors projection ("Anonymous User" for someone it no longer holds). */
  async names(userIds: readonly string[]): Promise<Map<string, string>> {
    if (userIds.length === 0) return new Map();
    const rows = await queryRows<{ user_id: string; username: string; first_name: string | null }>(
      this.db,
      sql`select user_id, username, first_name from feed.authors where user_id in (${uuidList(userIds)})`,
    );
    return new Map(
      rows.map((row) => [row.user_id, authorNameOf({ username: row.username, firstName: row.first_name })]),
    );
  }

  /** What the rater said about whom at these activities. */
  async verdictsBy(raterId: string, postIds: readonly string[]) {
    if (postIds.length === 0) return [];
    const rows = await queryRows<{ post_id: string; subject_id: string; verdict: ActivityVerdict }>(
      this.db,
      sql`select post_id, subject_id, verdict from feed.activity_feedback
           where rater_id = ${raterId} and post_id in (${uuidList(postIds)})`,
    );
    return rows.map((row) => ({ postId: row.post_id, subjectId: row.subject_id, verdict: row.verdict }));
  }

  /** How many times each verdict was given about the person (who said it is not told). */
  async verdictsAbout(userId: string): Promise<Record<ActivityVerdict, number>> {
    const rows = await queryRows<{ verdict: ActivityVerdict; n: number }>(
      this.db,
      sql`select verdict, count(*)::int as n from feed.activity_feedback
           where subject_id = ${userId} group by verdict`,
    );
    const counts = { showed_up: 0, no_show: 0, unsafe: 0 };
    for (const row of rows) counts[row.verdict] = row.n;
    return counts;
  }

  /**
   * "Met N of M" per person, over the kept activities they were accepted for: met where they
   * checked in with the host or someone said they showed up; counted where there is any sign
   * either way (a check-in, "showed up" or "didn't show"), so a host who forgot to check anyone in
   * does not count against them.
   */
  async reliability(userIds: readonly string[]): Promise<Map<string, Reliability>> {
    const result = new Map<string, Reliability>(userIds.map((id) => [id, { met: 0, of: 0 }]));
    if (userIds.length === 0) return result;
    const rows = await queryRows<{ user_id: string; met: number; of: number }>(
      this.db,
      sql`select user_id, count(*) filter (where met)::int as met, count(*) filter (where met or missed)::int as of
            from (select hm.user_id,
                         hm.met_at is not null or exists (select 1 from feed.activity_feedback f
                            where f.post_id = hm.post_id and f.subject_id = hm.user_id and f.verdict = 'showed_up') as met,
                         exists (select 1 from feed.activity_feedback f
                            where f.post_id = hm.post_id and f.subject_id = hm.user_id and f.verdict = 'no_show') as missed
                    from feed.activity_history_members hm
                   where hm.user_id in (${uuidList(userIds)})) signs
           group by user_id`,
    );
    for (const row of rows) result.set(row.user_id, { met: row.met, of: row.of });
    return result;
  }

  /**
   * A block erases the person's attendance at the host's kept activities: their place among the
   * members (so neither reliability nor either side's past activities shows it) and the feedback
   * given by or about them there.
   */
  async forgetAttendanceWithHost(hostId: string, userId: string): Promise<void> {
    const hosted = sql`select post_id from feed.activity_history where host_id = ${hostId}`;
    await this.db.execute(
      sql`delete from feed.activity_feedback
           where post_id in (${hosted}) and (rater_id = ${userId} or subject_id = ${userId})`,
    );
    await this.db.execute(
      sql`delete from feed.activity_history_members where user_id = ${userId} and post_id in (${hosted})`,
    );
  }

  /** Drops what is past its keeping (its members and feedback go with it). */
  async purge(now: Date, limit: number): Promise<number> {
    const rows = await queryRows(
      this.db,
      sql`delete from feed.activity_history where post_id in (
            select post_id from feed.activity_history where kept_until <= ${now.toISOString()}::timestamptz
             limit ${limit})
          returning 1`,
    );
    return rows.length;
  }
}
