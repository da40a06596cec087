import { sql } from 'drizzle-orm';
import type { ActivityLevel } from '@saathi/contracts';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';

/** A weekly series: what each occurrence is written from, and the latest one. */
export interface SeriesRecord {
  id: string;
  hostId: string;
  content: string;
  latitude: number;
  longitude: number;
  locationName: string | null;
  hashtags: string[];
  /** The host's local HH:MM and their offset east of UTC, as in the first draft. */
  startTime: string;
  endTime: string;
  utcOffsetMinutes: number;
  spots: number;
  level: ActivityLevel;
  area: string;
  meetingPoint: string | null;
  lastPostId: string;
  lastStartsAt: Date;
  lastEndsAt: Date;
  /** The circle each occurrence is posted in (null: none), and its join-at-once choice. */
  circleId: string | null;
  circleMembersJoinAtOnce: boolean | null;
}

interface SeriesRow extends Record<string, unknown> {
  id: string;
  host_id: string;
  content: string;
  latitude: number;
  longitude: number;
  location_name: string | null;
  hashtags: string[];
  start_time: string;
  end_time: string;
  utc_offset_minutes: number;
  spots: number;
  level: ActivityLevel;
  area: string;
  meeting_point: string | null;
  last_post_id: string;
  last_starts_at: Date | string;
  last_ends_at: Date | string;
  circle_id: string | null;
  circle_members_join_at_once: boolean | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** "Repeat weekly" series of activities. */
export class ActivitySeriesRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ActivitySeriesRepository {
    return new ActivitySeriesRepository(db);
  }

  async insert(series: SeriesRecord): Promise<void> {
    await this.db.execute(
      sql`insert into feed.activity_series (id, host_id, content, latitude, longitude, location_name, hashtags,
            start_time, end_time, utc_offset_minutes, spots, level, area, meeting_point,
            last_post_id, last_starts_at, last_ends_at, circle_id, circle_members_join_at_once)
          values (${series.id}, ${series.hostId}, ${series.content}, ${series.latitude}, ${series.longitude},
            ${series.locationName}, ${sql`array[${sql.join(
              series.hashtags.map((tag) => sql`${tag}`),
              sql`, `,
            )}]::text[]`},
            ${series.startTime}, ${series.endTime}, ${series.utcOffsetMinutes}, ${series.spots}, ${series.level},
            ${series.area}, ${series.meetingPoint}, ${series.lastPostId}, ${series.lastStartsAt.toISOString()},
            ${series.lastEndsAt.toISOString()}, ${series.circleId}, ${series.circleMembersJoinAtOnce})`,
    );
  }

  /**
   * Series still repeating whose latest occurrence has ended, oldest first — less those of a host
   * suspended now: their series waits, and goes on if they are reinstated (their posts come back
   * then too). Left to createPost's refusal alone, the oldest of them would be read, refused and
   * read again every run, and enough of them would fill the batch and hold up everyone else's.
   */
  async due(now: Date, limit: number): Promise<SeriesRecord[]> {
    const rows = await queryRows<SeriesRow>(
      this.db,
      sql`select s.* from feed.activity_series s
           where s.stopped_at is null and s.last_ends_at <= ${now.toISOString()}::timestamptz
             and not exists (select 1 from feed.authors a
                              where a.user_id = s.host_id and a.suspended_at is not null)
           order by s.last_ends_at limit ${limit}`,
    );
    return rows.map((row) => ({
      id: row.id,
      hostId: row.host_id,
      content: row.content,
      latitude: row.latitude,
      longitude: row.longitude,
      locationName: row.location_name,
      hashtags: row.hashtags,
      startTime: row.start_time,
      endTime: row.end_time,
      utcOffsetMinutes: row.utc_offset_minutes,
      spots: row.spots,
      level: row.level,
      area: row.area,
      meetingPoint: row.meeting_point,
      lastPostId: row.last_post_id,
      lastStartsAt: asDate(row.last_starts_at),
      lastEndsAt: asDate(row.last_ends_at),
      circleId: row.circle_id,
      circleMembersJoinAtOnce: row.circle_members_join_at_once,
    }));
  }

  /**
   * Moves the series on to its next occurrence, only if its latest is still `fromPostId` and it
   * was not stopped meanwhile: of two sweepers, one advances it and the other changes nothing.
   */
  async advance(
    id: string,
    fromPostId: string,
    next: { postId: string; startsAt: Date; endsAt: Date },
  ): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update feed.activity_series
             set last_post_id = ${next.postId}, last_starts_at = ${next.startsAt.toISOString()},
                 last_ends_at = ${next.endsAt.toISOString()}
           where id = ${id} and last_post_id = ${fromPostId} and stopped_at is null
          returning 1`,
    );
    return rows.length > 0;
  }

  /** Stops a repeating series; false when it was already stopped or is someone else's. */
  async stop(id: string, hostId: string, now: Date): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update feed.activity_series set stopped_at = ${now.toISOString()}
           where id = ${id} and host_id = ${hostId} and stopped_at is null
          returning 1`,
    );
    return rows.length > 0;
  }
}
