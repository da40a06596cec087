import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { ActivityLevel, MemberStatus } from '@saathi/contracts';
import type { ActivityFields } from '../domain/activities';
import { notBlockedEitherWay } from './engageable';

/** An activity's post as the joining rules need it. */
export interface ActivityRecord {
  postId: string;
  hostId: string;
  geoCell: number;
  content: string;
  remindedAt: Date | null;
  fields: ActivityFields;
  meetingPoint: string | null;
  /** The activity's own random key for check-in codes (never leaves the service). */
  checkinKey: string | null;
  /** Its weekly series, and whether that still repeats (not stopped). */
  seriesId: string | null;
  repeating: boolean;
  /** The circle it was posted in, and whether its members are accepted at once (docs/circles.md). */
  circleId: string | null;
  membersJoinAtOnce: boolean;
}

export interface MemberRecord {
  userId: string;
  status: MemberStatus;
  note: string | null;
  requestedAt: Date;
  stillGoing: boolean | null;
  metAt: Date | null;
  username: string | null;
  firstName: string | null;
}

interface ActivityRow extends Record<string, unknown> {
  id: string;
  author_id: string;
  geo_cell: number;
  content: string;
  activity_reminded_at: Date | null;
  activity_starts_at: Date;
  activity_ends_at: Date;
  activity_spots: number;
  activity_level: ActivityLevel;
  activity_area: string;
  activity_accepted: number;
  activity_closed_at: Date | null;
  activity_meeting_point: string | null;
  activity_checkin_key: string | null;
  activity_series_id: string | null;
  repeating: boolean;
  circle_id: string | null;
  circle_members_join_at_once: boolean | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Activities' join requests: who asked, in which order, and where each stands. */
export class ActivitiesRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ActivitiesRepository {
    return new ActivitiesRepository(db);
  }

  /**
   * The activity, locked for the rest of the transaction when `lock` is set (so two requests for
   * the last spot are decided one after the other). Undefined for a plain, missing or moderated post.
   */
  async find(postId: string, options: { lock: boolean }): Promise<ActivityRecord | undefined> {
    const [row] = await queryRows<ActivityRow>(
      this.db,
      sql`select id, author_id, geo_cell, content, activity_reminded_at, activity_starts_at, activity_ends_at, activity_spots,
                 activity_level, activity_area, activity_accepted, activity_closed_at, activity_meeting_point,
                 activity_checkin_key, activity_series_id, circle_id, circle_members_join_at_once,
                 exists (select 1 from feed.activity_series s
                          where s.id = activity_series_id and s.stopped_at is null) as repeating
            from feed.posts
           where id = ${postId} and activity_starts_at is not null and moderation is null
           ${options.lock ? sql`for update` : sql``}`,
    );
    if (!row) return undefined;
    return {
      postId: row.id,
      hostId: row.author_id,
      geoCell: row.geo_cell,
      content: row.content,
      remindedAt: row.activity_reminded_at === null ? null : asDate(row.activity_reminded_at),
      meetingPoint: row.activity_meeting_point,
      checkinKey: row.activity_checkin_key,
      seriesId: row.activity_series_id,
      repeating: row.repeating,
      circleId: row.circle_id,
      membersJoinAtOnce: row.circle_members_join_at_once === true,
      fields: {
        startsAt: asDate(row.activity_starts_at),
        endsAt: asDate(row.activity_ends_at),
        spots: row.activity_spots,
        accepted: row.activity_accepted,
        level: row.activity_level,
        area: row.activity_area,
        closedAt: row.activity_closed_at === null ? null : asDate(row.activity_closed_at),
      },
    };
  }

  async member(postId: string, userId: string): Promise<MemberRecord | undefined> {
    return (await this.members(postId, userId))[0];
  }

  /** Requests of the activity (or one person's) in request order, with names from the authors projection. */
  async members(postId: string, userId?: string): Promise<MemberRecord[]> {
    const rows = await queryRows<{
      user_id: string;
      status: MemberStatus;
      note: string | null;
      requested_at: Date;
      still_going: boolean | null;
      met_at: Date | null;
      username: string | null;
      first_name: string | null;
    }>(
      this.db,
      sql`select m.user_id, m.status, m.note, m.requested_at, m.still_going, m.met_at, a.username, a.first_name
            from feed.activity_members m left join feed.authors a on a.user_id = m.user_id
           where m.post_id = ${postId} ${userId ? sql`and m.user_id = ${userId}` : sql``}
           order by m.requested_at, m.user_id`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      status: row.status,
      note: row.note,
      requestedAt: asDate(row.requested_at),
      stillGoing: row.still_going,
      metAt: row.met_at === null ? null : asDate(row.met_at),
      username: row.username,
      firstName: row.first_name,
    }));
  }

  /**
   * Claims the activities whose reminder is due (starting within `leadMs`, not over, not yet
   * reminded) and marks them reminded, skipping rows another sweeper holds; answers each with the
   * people to remind (the host first, then everyone accepted).
   *
   * Not while moderation hides the post (`moderation` set: hidden, removed, or 'suspended', which
   * a host's suspension writes on all their posts in the transaction that suspends them): no one
   * is told "starts in 2 hours" about an activity that is gone from the feed. It stays unclaimed,
   * so one shown again in time (a dismissed report, a reinstated host) is reminded then.
   */
  async claimDueReminders(
    now: Date,
    leadMs: number,
    limit: number,
  ): Promise<{ postId: string; hostId: string; startsAt: Date; userIds: string[] }[]> {
    const rows = await queryRows<{
      id: string;
      author_id: string;
      activity_starts_at: Date;
      accepted: string[];
    }>(
      this.db,
      sql`with due as (
            select id from feed.posts
             where activity_starts_at is not null and activity_reminded_at is null and moderation is null
               and activity_starts_at <= ${new Date(now.getTime() + leadMs).toISOString()}::timestamptz
               and activity_ends_at > ${now.toISOString()}::timestamptz
             order by activity_starts_at limit ${limit} for update skip locked)
          update feed.posts p set activity_reminded_at = ${now.toISOString()}
            from due where p.id = due.id
          returning p.id, p.author_id, p.activity_starts_at,
            array(select m.user_id::text from feed.activity_members m
                   where m.post_id = p.id and m.status = 'accepted' order by m.requested_at) as accepted`,
    );
    return rows.map((row) => ({
      postId: row.id,
      hostId: row.author_id,
      startsAt: asDate(row.activity_starts_at),
      userIds: [row.author_id, ...row.accepted],
    }));
  }

  async setStillGoing(postId: string, userId: string, going: boolean, now: Date): Promise<void> {
    await this.db.execute(
      sql`update feed.activity_members set still_going = ${going}, updated_at = ${now.toISOString()}
           where post_id = ${postId} and user_id = ${userId}`,
    );
  }

  /** The host and this accepted person checked each other in (the first time counts). */
  async setMet(postId: string, userId: string, now: Date): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update feed.activity_members set met_at = ${now.toISOString()}, updated_at = ${now.toISOString()}
           where post_id = ${postId} and user_id = ${userId} and met_at is null
          returning 1`,
    );
    return rows.length > 0;
  }

  /** A new request, or a fresh one after leaving: it goes to the back of the queue. */
  async request(postId: string, userId: string, status: MemberStatus, note: string | null, now: Date) {
    await this.db.execute(
      sql`insert into feed.activity_members (post_id, user_id, status, note, requested_at, updated_at)
          values (${postId}, ${userId}, ${status}, ${note}, ${now.toISOString()}, ${now.toISOString()})
          on conflict (post_id, user_id) do update
            set status = excluded.status, note = excluded.note, still_going = null, met_at = null,
                requested_at = excluded.requested_at, updated_at = excluded.updated_at`,
    );
  }

  async setStatus(postId: string, userId: string, status: MemberStatus, now: Date): Promise<void> {
    await this.db.execute(
      sql`update feed.activity_members set status = ${status}, updated_at = ${now.toISOString()}
           where post_id = ${postId} and user_id = ${userId}`,
    );
  }

  /**
   * The longest-waiting person on the waitlist whom the host may accept: someone blocked either
   * way with the host since joining is passed over (and stays waitlisted), as the host's own
   * accept refuses them.
   */
  async firstWaitlisted(postId: string, hostId: string): Promise<string | undefined> {
    const [row] = await queryRows<{ user_id: string }>(
      this.db,
      sql`select m.user_id from feed.activity_members m
           where m.post_id = ${postId} and m.status = 'waitlisted'
             and ${notBlockedEitherWay(hostId, sql`m.user_id`)}
           order by m.requested_at, m.user_id limit 1`,
    );
    return row?.user_id;
  }

  async addAccepted(postId: string, delta: number): Promise<void> {
    await this.db.execute(
      sql`update feed.posts set activity_accepted = activity_accepted + ${delta} where id = ${postId}`,
    );
  }

  async close(postId: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`update feed.posts set activity_closed_at = ${now.toISOString()}
           where id = ${postId} and activity_closed_at is null`,
    );
  }

  /**
   * The host's activities not over yet (window not ended) where the person still holds a place
   * (requested, waitlisted or accepted), in id order so locking them one by one keeps one order.
   */
  async placesWithHost(hostId: string, userId: string, now: Date): Promise<string[]> {
    const rows = await queryRows<{ post_id: string }>(
      this.db,
      sql`select m.post_id from feed.posts p
            join feed.activity_members m on m.post_id = p.id and m.user_id = ${userId}
           where p.author_id = ${hostId} and p.activity_starts_at is not null and p.moderation is null
             and p.activity_ends_at > ${now.toISOString()}::timestamptz
             and m.status in ('requested', 'waitlisted', 'accepted')
           order by m.post_id`,
    );
    return rows.map((row) => row.post_id);
  }

  /**
   * A block erases the person's attendance at the host's activities that have started: their
   * check-in goes, and at those already over (waiting for the expiry sweep) their accepted spot
   * becomes `left`, so the sweep does not copy them into the history. Live ones were left by
   * `separateBlockedPair` in the same transaction; an over one frees no spot to fill.
   */
  async forgetAttendanceWithHost(hostId: string, userId: string, now: Date): Promise<void> {
    const at = now.toISOString();
    await this.db.execute(
      sql`with over as (
            update feed.activity_members m set status = 'left', met_at = null, updated_at = ${at}
              from feed.posts p
             where p.id = m.post_id and p.author_id = ${hostId} and m.user_id = ${userId}
               and p.activity_ends_at <= ${at}::timestamptz and m.status = 'accepted'
            returning m.post_id)
          update feed.posts set activity_accepted = activity_accepted - 1
           where id in (select post_id from over)`,
    );
    await this.db.execute(
      sql`update feed.activity_members m set met_at = null
            from feed.posts p
           where p.id = m.post_id and p.author_id = ${hostId} and m.user_id = ${userId}
             and m.met_at is not null`,
    );
  }

  /**
   * Other people's activities not over yet (nor taken down by moderation) where the person holds
   * an accepted spot, in id order: the spots an account's erasure frees.
   */
  async acceptedSpotsOf(userId: string, now: Date): Promise<string[]> {
    const rows = await queryRows<{ post_id: string }>(
      this.db,
      sql`select m.post_id from feed.activity_members m
            join feed.posts p on p.id = m.post_id
           where m.user_id = ${userId} and m.status = 'accepted' and p.author_id <> ${userId}
             and p.activity_starts_at is not null and p.moderation is null
             and p.activity_ends_at > ${now.toISOString()}::timestamptz
           order by m.post_id`,
    );
    return rows.map((row) => row.post_id);
  }

  /** Whether either of the two blocked the other (the feed's blocks projection). */
  async blockedPair(a: string, b: string): Promise<boolean> {
    const rows = await queryRows<{ apart: boolean }>(
      this.db,
      sql`select ${notBlockedEitherWay(a, sql`${b}::uuid`)} as apart`,
    );
    return rows[0]?.apart === false;
  }

  /** Those of `userIds` who blocked `viewerId` or whom `viewerId` blocked. */
  async blockedWith(viewerId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const ids = sql`${`{${userIds.join(',')}}`}::uuid[]`;
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`select blocked_id as user_id from feed.blocks where blocker_id = ${viewerId} and blocked_id = any(${ids})
          union
          select blocker_id from feed.blocks where blocked_id = ${viewerId} and blocker_id = any(${ids})`,
    );
    return new Set(rows.map((row) => row.user_id));
  }
}
