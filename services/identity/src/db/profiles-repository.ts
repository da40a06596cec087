import { returnedRow } from '@saathi/platform';
import { eq } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { userProfiles } from './schema';
import type { ProfileRow } from './schema';

export interface ProfileChanges {
  displayName?: string | null;
  bio?: string | null;
  profileImageUrl?: string | null;
  interests?: string[];
}

export class ProfilesRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ProfilesRepository {
    return new ProfilesRepository(db);
  }

  async findByUserId(userId: string): Promise<ProfileRow | undefined> {
    const [row] = await this.db.select().from(userProfiles).where(eq(userProfiles.userId, userId)).limit(1);
    return row;
  }

  /** Creates or updates the acting user's own profile; only the fields given change. */
  async upsertOwn(
    actingUserId: string,
    changes: ProfileChanges,
    now: Date,
  ): Promise<{ profile: ProfileRow; created: boolean }> {
    const existing = await this.findByUserId(actingUserId);
    if (!existing) {
      const rows = await this.db
        .insert(userProfiles)
        .values({ userId: actingUserId, ...changes, createdAt: now, updatedAt: now })
        .onConflictDoUpdate({ target: userProfiles.userId, set: { ...changes, updatedAt: now } })
        .returning();
      return { profile: returnedRow(rows, 'the profile insert'), created: true };
    }
    const rows = await this.db
      .update(userProfiles)
      .set({ ...changes, updatedAt: now })
      .where(eq(userProfiles.userId, actingUserId))
      .returning();
    return { profile: returnedRow(rows, 'the profile update'), created: false };
  }
}
