import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import type { CircleJoinPolicy, CircleRole } from '@saathi/contracts';
import { circleWalkQuery } from './circle-near-query';
import type { CircleNearQuery } from './circle-near-query';
import { notBlockedEitherWay } from './engageable';

/** A circle as its rules and its views need it, with its soonest activity not yet ended. */
export interface CircleRecord {
  id: string;
  creatorId: string;
  name: string;
  description: string;
  topic: string;
  joinPolicy: CircleJoinPolicy;
  latitude: number;
  longitude: number;
  memberCount: number;
  createdAt: Date;
  lastActivityAt: Date;
  closedAt: Date | null;
  /** Moderation's decision ('hidden', 'removed'); null when shown. */
  moderation: string | null;
  /** Its end decides how long a cached copy of the circle may say it is next. */
  nextActivity: { postId: string; startsAt: Date; endsAt: Date; content: string } | null;
}

export interface NewCircle {
  id: string;
  creatorId: string;
  name: string;
  description: string;
  topic: string;
  joinPolicy: CircleJoinPolicy;
  latitude: number;
  longitude: number;
  createdAt: Date;
}

/** One member with the name the authors projection knows. */
export interface CircleMemberRecord {
  userId: string;
  role: CircleRole;
  joinedAt: Date;
  username: string | null;
  firstName: string | null;
}

export interface CircleRequestRecord {
  userId: string;
  note: string | null;
  createdAt: Date;
  username: string | null;
  firstName: string | null;
}

/** What one person is to a circle: their role (if in), and a pending request or removal. */
export interface CircleStanding {
  role: CircleRole | null;
  request: 'requested' | 'removed' | null;
}

interface CircleRow extends Record<string, unknown> {
  id: string;
  creator_id: string;
  name: string;
  description: string;
  topic: string;
  join_policy: CircleJoinPolicy;
  latitude: number;
  longitude: number;
  member_count: number;
  created_at: Date | string;
  last_activity_at: Date | string;
  closed_at: Date | string | null;
  moderation: string | null;
  next_post_id: string | null;
  next_starts_at: Date | string | null;
  next_ends_at: Date | string | null;
  next_content: string | null;
}

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

const CIRCLE_COLUMNS = sql.raw(
  `c.id, c.creator_id, c.name, c.description, c.topic, c.join_policy, c.latitude, c.longitude,
   c.member_count, c.created_at, c.last_activity_at, c.closed_at, c.moderation,
   n.id as next_post_id, n.activity_starts_at as next_starts_at, n.activity_ends_at as next_ends_at,
   n.content as next_content`,
);

/**
 * The circle `c`'s soonest activity not yet ended (a range of posts_circle_starts_idx; an
 * activity's expiry is its end, so that one is live too).
 */
function nextActivityJoin(now: Date): SQL {
  return sql`left join lateral (
               select p.id, p.activity_starts_at, p.activity_ends_at, p.content from feed.posts p
                where p.circle_id = c.id and p.moderation is null
                  and p.activity_ends_at > ${now.toISOString()}::timestamptz
                order by p.activity_starts_at, p.id limit 1) n on true`;
}

/** The columns of CircleRow from `feed.circles c`, with its next activity. */
function circleSelect(now: Date): SQL {
  return sql`select ${CIRCLE_COLUMNS} from feed.circles c ${nextActivityJoin(now)}`;
}

function toRecord(row: CircleRow): CircleRecord {
  return {
    id: row.id,
    creatorId: row.creator_id,
    name: row.name,
    description: row.description,
    topic: row.topic,
    joinPolicy: row.join_policy,
    latitude: row.latitude,
    longitude: row.longitude,
    memberCount: row.member_count,
    createdAt: asDate(row.created_at),
    lastActivityAt: asDate(row.last_activity_at),
    closedAt: row.closed_at === null ? null : asDate(row.closed_at),
    moderation: row.moderation,
    nextActivity:
      row.next_post_id && row.next_starts_at && row.next_ends_at && row.next_content !== null
        ? {
            postId: row.next_post_id,
            startsAt: asDate(row.next_starts_at),
            endsAt: asDate(row.next_ends_at),
            content: row.next_content,
          }
        : null,
  };
}

/** The page of the walk, each with its row and next activity, in the walk's order. */
export function nearQuery(query: CircleNearQuery, now: Date): SQL {
  return sql`${circleSelect(now)}
             join (select page.id, row_number() over (order by page.last_activity_at desc, page.id desc) as rank
                     from (${circleWalkQuery(query)}) as page) as ranked
               on ranked.id = c.id
            order by ranked.rank`;
}

const ids = (values: readonly string[]) => sql`${`{${values.join(',')}}`}::uuid[]`;

/** Circles, their members, requests and removals (docs/circles.md). */
export class CirclesRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): CirclesRepository {
    return new CirclesRepository(db);
  }

  /**
   * The circle whatever its state (callers decide what hidden or closed means for them), locked
   * for the rest of the transaction when `lock` is set: every change to its people holds it, so
   * the member count and the 200 cap are decided one change at a time.
   */
  async find(
    id: string,
    now: Date,
    options: { lock: boolean } = { lock: false },
  ): Promise<CircleRecord | undefined> {
    if (options.lock) await this.lock(id);
    const [row] = await queryRows<CircleRow>(this.db, sql`${circleSelect(now)} where c.id = ${id}`);
    return row && toRecord(row);
  }

  async insert(circle: NewCircle): Promise<void> {
    const at = circle.createdAt.toISOString();
    await this.db.execute(
      sql`insert into feed.circles (id, creator_id, name, description, topic, join_policy, latitude, longitude,
                                    member_count, created_at, last_activity_at)
          values (${circle.id}, ${circle.creatorId}, ${circle.name}, ${circle.description}, ${circle.topic},
                  ${circle.joinPolicy}, ${circle.latitude}, ${circle.longitude}, 0, ${at}, ${at})`,
    );
  }

  /** The stored cell of a circle (to clear the circle cache's), whatever its state. */
  async cellOf(id: string): Promise<number | undefined> {
    const [row] = await queryRows<{ geo_cell: number }>(
      this.db,
      sql`select geo_cell from feed.circles where id = ${id}`,
    );
    return row?.geo_cell;
  }

  /** Circles the person created, closed ones included (the creation cap counts them all). */
  async countCreatedBy(userId: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      this.db,
      sql`select count(*)::int as n from feed.circles where creator_id = ${userId}`,
    );
    return row?.n ?? 0;
  }

  /** "Circles near you" (db/circle-near-query.ts), newest activity first. */
  async near(query: CircleNearQuery, now: Date): Promise<CircleRecord[]> {
    return (await queryRows<CircleRow>(this.db, nearQuery(query, now))).map(toRecord);
  }

  /**
   * Each cell's newest listed circles (not closed, not hidden), newest activity first, at most
   * `perCell`; `complete` when the cell holds no more. What the circle cell cache keeps: one
   * range of circles_cell_listed_idx per cell, in one statement.
   */
  async listedInCells(
    cells: readonly number[],
    perCell: number,
    now: Date,
  ): Promise<Map<number, { circles: CircleRecord[]; complete: boolean }>> {
    const result = new Map<number, { circles: CircleRecord[]; complete: boolean }>();
    if (cells.length === 0) return result;
    const rows = await queryRows<CircleRow & { cell: number }>(
      this.db,
      sql`select g.cell, ${CIRCLE_COLUMNS}
            from unnest(array[${sql.join(
              cells.map((cell) => sql`${cell}`),
              sql`, `,
            )}]::integer[]) as g(cell)
            cross join lateral (
              select * from feed.circles
               where geo_cell = g.cell and closed_at is null and moderation is null
               order by last_activity_at desc, id desc
               limit ${perCell + 1}) as c
            ${nextActivityJoin(now)}
           order by g.cell, c.last_activity_at desc, c.id desc`,
    );
    for (const cell of cells) result.set(cell, { circles: [], complete: true });
    for (const row of rows) result.get(row.cell)?.circles.push(toRecord(row));
    for (const entry of result.values()) {
      if (entry.circles.length > perCell) {
        entry.circles.length = perCell;
        entry.complete = false;
      }
    }
    return result;
  }

  /** The circles the person is in, newest activity first and closed ones last; hidden ones left out. */
  async mine(userId: string, now: Date): Promise<CircleRecord[]> {
    const rows = await queryRows<CircleRow>(
      this.db,
      sql`${circleSelect(now)}
          join feed.circle_members m on m.circle_id = c.id and m.user_id = ${userId}
          where c.moderation is null
          order by (c.closed_at is not null), c.last_activity_at desc, c.id desc`,
    );
    return rows.map(toRecord);
  }

  /**
   * What `userId`'s profile lists to `viewerId`: the open, shown circles they organise (created or
   * co-organise), newest activity first, at most `limit`. Like "Circles near you", it leaves out
   * circles the viewer reported and circles whose creator is in a block with the viewer (the
   * caller answers nothing at all when the viewer and the person are). Only what the profile shows
   * is read: never the home. One range of circle_members_user_idx, then each circle by its key.
   */
  async organisedBy(
    userId: string,
    viewerId: string,
    limit: number,
  ): Promise<{ id: string; name: string; topic: string; memberCount: number }[]> {
    const rows = await queryRows<{ id: string; name: string; topic: string; member_count: number }>(
      this.db,
      sql`select c.id, c.name, c.topic, c.member_count
            from feed.circle_members o join feed.circles c on c.id = o.circle_id
           where o.user_id = ${userId} and o.role = 'organiser'
             and c.closed_at is null and c.moderation is null
             and not exists (select 1 from feed.hidden_for_viewer h
                              where h.viewer_id = ${viewerId} and h.target_id = c.id)
             and ${notBlockedEitherWay(viewerId, sql`c.creator_id`)}
           order by c.last_activity_at desc, c.id desc
           limit ${limit}`,
    );
    return rows.map((row) => ({
      id: row.id,
      name: row.name,
      topic: row.topic,
      memberCount: row.member_count,
    }));
  }

  /**
   * The open, shown circles where `hostId` is an organiser, newest activity first, with the
   * activity's own circle (`preferredId`) ahead of them: the candidates of a circle offer.
   */
  async offerCandidates(hostId: string, preferredId: string | null, now: Date): Promise<CircleRecord[]> {
    const rows = await queryRows<CircleRow>(
      this.db,
      sql`${circleSelect(now)}
          where c.closed_at is null and c.moderation is null
            and (c.id = ${preferredId}::uuid
                 or exists (select 1 from feed.circle_members o
                             where o.circle_id = c.id and o.user_id = ${hostId} and o.role = 'organiser'))
          order by (c.id = ${preferredId}::uuid) is true desc, c.last_activity_at desc, c.id desc
          limit 10`,
    );
    return rows.map(toRecord);
  }

  async edit(
    id: string,
    changes: Partial<{ name: string; description: string; topic: string; joinPolicy: CircleJoinPolicy }>,
  ): Promise<void> {
    const sets: SQL[] = [];
    if (changes.name !== undefined) sets.push(sql`name = ${changes.name}`);
    if (changes.description !== undefined) sets.push(sql`description = ${changes.description}`);
    if (changes.topic !== undefined) sets.push(sql`topic = ${changes.topic}`);
    if (changes.joinPolicy !== undefined) sets.push(sql`join_policy = ${changes.joinPolicy}`);
    if (sets.length === 0) return;
    await this.db.execute(sql`update feed.circles set ${sql.join(sets, sql`, `)} where id = ${id}`);
  }

  /** Something happened in it (a member joined, an activity was posted): it rises in the list. */
  async touch(id: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`update feed.circles set last_activity_at = greatest(last_activity_at, ${now.toISOString()}::timestamptz)
           where id = ${id}`,
    );
  }

  /** Closes it; false when it was closed already. */
  async closeIfOpen(id: string, now: Date): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`update feed.circles set closed_at = ${now.toISOString()} where id = ${id} and closed_at is null
          returning 1`,
    );
    return rows.length > 0;
  }

  /** Holds the circle's row for the rest of the transaction (every change to its people does). */
  async lock(id: string): Promise<void> {
    await this.db.execute(sql`select 1 from feed.circles where id = ${id} for update`);
  }

  async setCreator(id: string, userId: string): Promise<void> {
    await this.db.execute(sql`update feed.circles set creator_id = ${userId} where id = ${id}`);
  }

  async member(circleId: string, userId: string): Promise<{ role: CircleRole; joinedAt: Date } | undefined> {
    const [row] = await queryRows<{ role: CircleRole; joined_at: Date | string }>(
      this.db,
      sql`select role, joined_at from feed.circle_members where circle_id = ${circleId} and user_id = ${userId}`,
    );
    return row && { role: row.role, joinedAt: asDate(row.joined_at) };
  }

  /** Members with their names: organisers first (the creator first of all), then by joining. */
  async members(circleId: string, creatorId: string, userId?: string): Promise<CircleMemberRecord[]> {
    const rows = await queryRows<{
      user_id: string;
      role: CircleRole;
      joined_at: Date | string;
      username: string | null;
      first_name: string | null;
    }>(
      this.db,
      sql`select m.user_id, m.role, m.joined_at, a.username, a.first_name
            from feed.circle_members m left join feed.authors a on a.user_id = m.user_id
           where m.circle_id = ${circleId} ${userId ? sql`and m.user_id = ${userId}` : sql``}
           order by (m.user_id = ${creatorId}) desc, (m.role = 'organiser') desc, m.joined_at, m.user_id`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      role: row.role,
      joinedAt: asDate(row.joined_at),
      username: row.username,
      firstName: row.first_name,
    }));
  }

  /** The organisers' ids, longest-standing first. */
  async organiserIds(circleId: string): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`select user_id from feed.circle_members where circle_id = ${circleId} and role = 'organiser'
           order by joined_at, user_id`,
    );
    return rows.map((row) => row.user_id);
  }

  async memberIds(circleId: string): Promise<string[]> {
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`select user_id from feed.circle_members where circle_id = ${circleId} order by joined_at, user_id`,
    );
    return rows.map((row) => row.user_id);
  }

  /** In as `role`; the count goes up in the same transaction (the caller holds the circle's row). */
  async addMember(circleId: string, userId: string, role: CircleRole, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into feed.circle_members (circle_id, user_id, role, joined_at)
          values (${circleId}, ${userId}, ${role}, ${now.toISOString()})`,
    );
    await this.db.execute(
      sql`update feed.circles set member_count = member_count + 1 where id = ${circleId}`,
    );
  }

  /** Out; false when they were not in. */
  async removeMember(circleId: string, userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`delete from feed.circle_members where circle_id = ${circleId} and user_id = ${userId} returning 1`,
    );
    if (rows.length === 0) return false;
    await this.db.execute(
      sql`update feed.circles set member_count = greatest(member_count - 1, 0) where id = ${circleId}`,
    );
    return true;
  }

  async setRole(circleId: string, userId: string, role: CircleRole): Promise<void> {
    await this.db.execute(
      sql`update feed.circle_members set role = ${role} where circle_id = ${circleId} and user_id = ${userId}`,
    );
  }

  async request(circleId: string, userId: string, note: string | null, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into feed.circle_requests (circle_id, user_id, note, created_at)
          values (${circleId}, ${userId}, ${note}, ${now.toISOString()})`,
    );
  }

  /** Withdrawn, accepted or declined; false when there was none. */
  async deleteRequest(circleId: string, userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`delete from feed.circle_requests where circle_id = ${circleId} and user_id = ${userId} returning 1`,
    );
    return rows.length > 0;
  }

  /** Pending requests, oldest first, with names. */
  async requests(circleId: string): Promise<CircleRequestRecord[]> {
    const rows = await queryRows<{
      user_id: string;
      note: string | null;
      created_at: Date | string;
      username: string | null;
      first_name: string | null;
    }>(
      this.db,
      sql`select r.user_id, r.note, r.created_at, a.username, a.first_name
            from feed.circle_requests r left join feed.authors a on a.user_id = r.user_id
           where r.circle_id = ${circleId}
           order by r.created_at, r.user_id`,
    );
    return rows.map((row) => ({
      userId: row.user_id,
      note: row.note,
      createdAt: asDate(row.created_at),
      username: row.username,
      firstName: row.first_name,
    }));
  }

  async addRemoval(circleId: string, userId: string, now: Date): Promise<void> {
    await this.db.execute(
      sql`insert into feed.circle_removals (circle_id, user_id, removed_at)
          values (${circleId}, ${userId}, ${now.toISOString()}) on conflict do nothing`,
    );
  }

  /** A removal lifted; false when there was none. */
  async deleteRemoval(circleId: string, userId: string): Promise<boolean> {
    const rows = await queryRows(
      this.db,
      sql`delete from feed.circle_removals where circle_id = ${circleId} and user_id = ${userId} returning 1`,
    );
    return rows.length > 0;
  }

  /** What the person is to each of the circles (one query for a page of them). */
  async standings(userId: string, circleIds: readonly string[]): Promise<Map<string, CircleStanding>> {
    const standings = new Map<string, CircleStanding>(
      circleIds.map((id) => [id, { role: null, request: null }]),
    );
    if (circleIds.length === 0) return standings;
    const rows = await queryRows<{ circle_id: string; kind: string; role: CircleRole | null }>(
      this.db,
      sql`select circle_id, 'member' as kind, role from feed.circle_members
           where user_id = ${userId} and circle_id = any(${ids(circleIds)})
          union all
          select circle_id, 'requested', null from feed.circle_requests
           where user_id = ${userId} and circle_id = any(${ids(circleIds)})
          union all
          select circle_id, 'removed', null from feed.circle_removals
           where user_id = ${userId} and circle_id = any(${ids(circleIds)})`,
    );
    for (const row of rows) {
      const standing = standings.get(row.circle_id);
      if (!standing) continue;
      if (row.kind === 'member') standing.role = row.role;
      else if (row.kind === 'requested') standing.request ??= 'requested';
      else standing.request = 'removed';
    }
    return standings;
  }

  /** Whether the person and any organiser of the circle blocked the other (the blocks projection). */
  async blockedWithOrganiser(circleId: string, userId: string): Promise<boolean> {
    const rows = await queryRows<{ found: number }>(
      this.db,
      sql`select 1 as found from feed.circle_members o
           where o.circle_id = ${circleId} and o.role = 'organiser' and o.user_id <> ${userId}
             and not (${notBlockedEitherWay(userId, sql`o.user_id`)})
           limit 1`,
    );
    return rows.length > 0;
  }

  /**
   * The circles where both people are in and at least one organises, with each one's role, in id
   * order (so locking them one by one keeps one order): where a new block between them applies.
   */
  async sharedWithOrganiser(
    a: string,
    b: string,
  ): Promise<{ circleId: string; creatorId: string; roleA: CircleRole; roleB: CircleRole }[]> {
    const rows = await queryRows<{
      circle_id: string;
      creator_id: string;
      role_a: CircleRole;
      role_b: CircleRole;
    }>(
      this.db,
      sql`select c.id as circle_id, c.creator_id, ma.role as role_a, mb.role as role_b
            from feed.circle_members ma
            join feed.circle_members mb on mb.circle_id = ma.circle_id and mb.user_id = ${b}
            join feed.circles c on c.id = ma.circle_id
           where ma.user_id = ${a} and (ma.role = 'organiser' or mb.role = 'organiser')
           order by c.id`,
    );
    return rows.map((row) => ({
      circleId: row.circle_id,
      creatorId: row.creator_id,
      roleA: row.role_a,
      roleB: row.role_b,
    }));
  }

  /** Drops the person's pending requests to circles `organiserId` organises (a block between them). */
  async dropRequestsToOrganiser(userId: string, organiserId: string): Promise<void> {
    await this.db.execute(
      sql`delete from feed.circle_requests r
           using feed.circle_members o
           where r.user_id = ${userId} and o.circle_id = r.circle_id
             and o.user_id = ${organiserId} and o.role = 'organiser'`,
    );
  }

  /** Of `userIds`, those blocked either way with `viewerId`. */
  async blockedWith(viewerId: string, userIds: readonly string[]): Promise<Set<string>> {
    if (userIds.length === 0) return new Set();
    const rows = await queryRows<{ user_id: string }>(
      this.db,
      sql`select blocked_id as user_id from feed.blocks where blocker_id = ${viewerId} and blocked_id = any(${ids(userIds)})
          union
          select blocker_id from feed.blocks where blocked_id = ${viewerId} and blocker_id = any(${ids(userIds)})`,
    );
    return new Set(rows.map((row) => row.user_id));
  }

  /** The circles the person is in, in id order, with whether they created each. */
  async membershipsOf(userId: string): Promise<{ circleId: string; isCreator: boolean }[]> {
    const rows = await queryRows<{ circle_id: string; is_creator: boolean }>(
      this.db,
      sql`select m.circle_id, c.creator_id = m.user_id as is_creator
            from feed.circle_members m join feed.circles c on c.id = m.circle_id
           where m.user_id = ${userId} order by m.circle_id`,
    );
    return rows.map((row) => ({ circleId: row.circle_id, isCreator: row.is_creator }));
  }

  /** The ids of the circles the person created, in id order. */
  async createdBy(userId: string): Promise<string[]> {
    const rows = await queryRows<{ id: string }>(
      this.db,
      sql`select id from feed.circles where creator_id = ${userId} order by id`,
    );
    return rows.map((row) => row.id);
  }
}
