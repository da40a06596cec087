import { sql } from 'drizzle-orm';
import { ErasedPeople, queryRows, returnedRow } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { WHO_MAY_START } from '@saathi/contracts';
import type { WhoMayStart } from '@saathi/contracts';
import type { DbTime } from './as-date';
import { SCHEMA } from './schema-name';

/** What a start needs to know about its recipient before it may open a new conversation. */
export type StartGateRow = {
  who_may_start: WhoMayStart;
  username: string;
  first_name: string | null;
  display_name: string | null;
  /** A conversation between the two exists (any state): the setting does not apply to it. */
  talking: boolean;
  /** The two met at an activity (a check-in between them). */
  met: boolean;
};

/** Stands for "no account data yet" (as ParticipantsRepository's token rows): any event is newer. */
const TOKEN_FALLBACK_AT = new Date(0).toISOString();

const asWhoMayStart = (value: string): WhoMayStart =>
  (WHO_MAY_START as readonly string[]).includes(value) ? (value as WhoMayStart) : 'everyone';

/**
 * Who may start a conversation with whom: each person's setting (on their participants row) and
 * the pairs who met at an activity (`met_pairs`, the smaller id first).
 */
export class MessageSettingsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): MessageSettingsRepository {
    return new MessageSettingsRepository(db);
  }

  /** The person's own setting; 'everyone' until they choose (or before their row exists). */
  async whoMayStartOf(actingUserId: string): Promise<WhoMayStart> {
    const rows = await queryRows<{ who_may_start: string }>(
      this.db,
      sql`select who_may_start from messaging.participants where user_id = ${actingUserId}::uuid`,
    );
    return asWhoMayStart(rows[0]?.who_may_start ?? 'everyone');
  }

  /**
   * Stores the person's own setting. Their row may not exist yet (the registration event is on
   * its way): it is created from the token's username, as a first send does, and identity's
   * event fills in the names later.
   */
  async setOwn(actingUserId: string, username: string, whoMayStart: WhoMayStart): Promise<WhoMayStart> {
    const rows = await queryRows<{ who_may_start: string }>(
      this.db,
      sql`insert into messaging.participants (user_id, username, source_at, who_may_start)
          values (${actingUserId}::uuid, ${username}, ${TOKEN_FALLBACK_AT}::timestamptz, ${whoMayStart})
          on conflict (user_id) do update set who_may_start = excluded.who_may_start
          returning who_may_start`,
    );
    return asWhoMayStart(returnedRow(rows, 'the stored setting').who_may_start);
  }

  /**
   * The recipient's setting and name, and whether the two already talk or met, in one statement.
   * Undefined when the recipient has no participants row.
   */
  async startGate(senderId: string, recipientId: string): Promise<StartGateRow | undefined> {
    const a = sql`${senderId}::uuid`;
    const b = sql`${recipientId}::uuid`;
    const rows = await queryRows<StartGateRow>(
      this.db,
      sql`select p.who_may_start, p.username, p.first_name, p.display_name,
                 exists (select 1 from messaging.conversations c
                          where least(c.participant1_id, c.participant2_id) = least(${a}, ${b})
                            and greatest(c.participant1_id, c.participant2_id) = greatest(${a}, ${b})) as talking,
                 exists (select 1 from messaging.met_pairs m
                          where m.user_low = least(${a}, ${b}) and m.user_high = greatest(${a}, ${b})) as met
            from messaging.participants p
           where p.user_id = ${b}`,
    );
    const row = rows[0];
    return row && { ...row, who_may_start: asWhoMayStart(row.who_may_start) };
  }

  /**
   * The two met (a check-in between them) as of `at`; the first meeting's time is kept, so a
   * redelivered or later check-in changes nothing. Nothing is written about an erased account
   * (a check-in handled after the deletion), nor for one person alone: then it answers false.
   */
  async recordMet(oneId: string, otherId: string, at: Date): Promise<boolean> {
    if (oneId === otherId) return false;
    const erased = await new ErasedPeople(this.db, SCHEMA).erasedAmong([oneId, otherId]);
    if (erased.size > 0) return false;
    const rows = await queryRows(
      this.db,
      sql`insert into messaging.met_pairs (user_low, user_high, met_at)
          values (least(${oneId}::uuid, ${otherId}::uuid), greatest(${oneId}::uuid, ${otherId}::uuid),
                  ${at.toISOString()}::timestamptz)
          on conflict (user_low, user_high) do update set met_at = least(met_pairs.met_at, excluded.met_at)
          returning 1`,
    );
    return rows.length > 0;
  }

  /** When the person met someone at an activity, oldest first (no other person's id: see the export). */
  async metTimesOf(actingUserId: string): Promise<DbTime[]> {
    const rows = await queryRows<{ met_at: DbTime }>(
      this.db,
      sql`select met_at from messaging.met_pairs
           where user_low = ${actingUserId}::uuid or user_high = ${actingUserId}::uuid
           order by met_at`,
    );
    return rows.map((row) => row.met_at);
  }

  /** How many different people the person met at activities: one pair is one person. */
  async peopleMetBy(userId: string): Promise<number> {
    const rows = await queryRows<{ people: number | string }>(
      this.db,
      sql`select count(*) as people from messaging.met_pairs
           where user_low = ${userId}::uuid or user_high = ${userId}::uuid`,
    );
    return Number(rows[0]?.people ?? 0);
  }

  /** Account erasure: every pair the person is in, and their setting back to the default. */
  async eraseUser(userId: string): Promise<void> {
    await this.db.execute(
      sql`delete from messaging.met_pairs where user_low = ${userId}::uuid or user_high = ${userId}::uuid`,
    );
    await this.db.execute(
      sql`update messaging.participants set who_may_start = 'everyone' where user_id = ${userId}::uuid`,
    );
  }
}
