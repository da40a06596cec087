import { returnedRow } from '@saathi/platform';
import { and, count, eq, sql } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { PROFILE_IMAGE_PATH } from '../domain/image-url';
import { profileImages, users } from './schema';
import type { ProfileImageRow } from './schema';

export class ProfileImagesRepository {
  constructor(private readonly db: Db) {}

  /**
   * Stores the image unless the user already keeps `quota` images (null then). The user's row
   * is locked for the count and the insert, so parallel uploads cannot pass the quota together.
   */
  async insertOwnWithinQuota(
    actingUserId: string,
    image: { contentType: string; data: Buffer; width: number; height: number },
    now: Date,
    quota: number,
  ): Promise<{ id: string } | null> {
    return this.db.transaction(async (tx) => {
      await tx.select({ id: users.id }).from(users).where(eq(users.id, actingUserId)).for('update');
      const [kept] = await tx
        .select({ n: count() })
        .from(profileImages)
        .where(eq(profileImages.userId, actingUserId));
      if ((kept?.n ?? 0) >= quota) return null;
      const rows = await tx
        .insert(profileImages)
        .values({ userId: actingUserId, ...image, createdAt: now })
        .returning({ id: profileImages.id });
      return returnedRow(rows, 'the image insert');
    });
  }

  /**
   * Deletes images uploaded before `before` that no profile and no account points at (tries
   * that were never saved, avatars since replaced); returns how many.
   */
  async deleteUnused(before: Date): Promise<number> {
    const deleted = await this.db
      .delete(profileImages)
      .where(
        and(
          sql`${profileImages.createdAt} < ${before}`,
          sql`not exists (select 1 from identity.user_profiles p
                           where p.profile_image_url = ${`${PROFILE_IMAGE_PATH}/`} || ${profileImages.id}::text)`,
          sql`not exists (select 1 from identity.users u
                           where u.profile_image_url = ${`${PROFILE_IMAGE_PATH}/`} || ${profileImages.id}::text)`,
        ),
      )
      .returning({ id: profileImages.id });
    return deleted.length;
  }

  async find(id: string): Promise<ProfileImageRow | undefined> {
    const [row] = await this.db.select().from(profileImages).where(eq(profileImages.id, id)).limit(1);
    return row;
  }

  async isOwnedBy(id: string, userId: string): Promise<boolean> {
    const rows = await this.db
      .select({ id: profileImages.id })
      .from(profileImages)
      .where(and(eq(profileImages.id, id), eq(profileImages.userId, userId)))
      .limit(1);
    return rows.length === 1;
  }
}

/** How long an upload may stay unused (uploaded, not yet saved to the profile) before it goes. */
export const UNUSED_IMAGE_AGE_MS = 24 * 3_600_000;

/** The periodic clean-up: images a day old that nothing points at. */
export function deleteUnusedImages(db: Db, now: Date): Promise<number> {
  return new ProfileImagesRepository(db).deleteUnused(new Date(now.getTime() - UNUSED_IMAGE_AGE_MS));
}
