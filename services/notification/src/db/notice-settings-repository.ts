import { and, eq, gt, isNull, lte, or } from 'drizzle-orm';
import { DEFAULT_NOTICE_SETTINGS } from '@saathi/contracts';
import type { Mute, MuteKind, NoticeSettings } from '@saathi/contracts';
import type { Db } from '@saathi/platform';
import { mutes, noticeSettings } from './schema';

/** Each person's channels and quiet hours, and their mutes; every call is scoped to one person. */
export class NoticeSettingsRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): NoticeSettingsRepository {
    return new NoticeSettingsRepository(db);
  }

  /** The person's settings; the defaults when they never saved any. */
  async getOwn(userId: string): Promise<NoticeSettings> {
    const [row] = await this.db.select().from(noticeSettings).where(eq(noticeSettings.userId, userId));
    if (!row) return DEFAULT_NOTICE_SETTINGS;
    // A kind added after the row was saved takes its default.
    return {
      channels: { ...DEFAULT_NOTICE_SETTINGS.channels, ...row.channels },
      quietHours: row.quietHours ?? null,
    };
  }

  async saveOwn(userId: string, settings: NoticeSettings, now: Date): Promise<void> {
    await this.db
      .insert(noticeSettings)
      .values({ userId, channels: settings.channels, quietHours: settings.quietHours, updatedAt: now })
      .onConflictDoUpdate({
        target: noticeSettings.userId,
        set: { channels: settings.channels, quietHours: settings.quietHours, updatedAt: now },
      });
  }

  /** The person's mutes still in force at `now`. */
  async listOwnMutes(userId: string, now: Date): Promise<Mute[]> {
    const rows = await this.db
      .select()
      .from(mutes)
      .where(and(eq(mutes.userId, userId), or(isNull(mutes.until), gt(mutes.until, now))))
      .orderBy(mutes.kind, mutes.targetId);
    return rows.map((row) => ({
      kind: row.kind as MuteKind,
      id: row.targetId,
      until: row.until?.toISOString() ?? null,
    }));
  }

  /** Mutes (or mutes again, replacing the end) until `until`, or for good when null. */
  async muteOwn(userId: string, kind: MuteKind, targetId: string, until: Date | null): Promise<void> {
    await this.db
      .insert(mutes)
      .values({ userId, kind, targetId, until })
      .onConflictDoUpdate({ target: [mutes.userId, mutes.kind, mutes.targetId], set: { until } });
  }

  async unmuteOwn(userId: string, kind: MuteKind, targetId: string): Promise<void> {
    await this.db
      .delete(mutes)
      .where(and(eq(mutes.userId, userId), eq(mutes.kind, kind), eq(mutes.targetId, targetId)));
  }

  /** Whether any of the targets (a conversation, an activity's post) is muted for the person at `now`. */
  async mutedAmong(
    userId: string,
    targets: readonly { kind: MuteKind; id: string }[],
    now: Date,
  ): Promise<boolean> {
    if (targets.length === 0) return false;
    const [row] = await this.db
      .select({ kind: mutes.kind })
      .from(mutes)
      .where(
        and(
          eq(mutes.userId, userId),
          or(...targets.map((target) => and(eq(mutes.kind, target.kind), eq(mutes.targetId, target.id)))),
          or(isNull(mutes.until), gt(mutes.until, now)),
        ),
      )
      .limit(1);
    return row !== undefined;
  }

  /** Forgets mutes that ended before `before`. */
  async deleteEndedMutes(before: Date): Promise<void> {
    await this.db.delete(mutes).where(lte(mutes.until, before));
  }

  async deleteAllOf(userId: string): Promise<void> {
    await this.db.delete(noticeSettings).where(eq(noticeSettings.userId, userId));
    await this.db.delete(mutes).where(eq(mutes.userId, userId));
  }
}
