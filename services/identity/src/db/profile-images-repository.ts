import { and, eq } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { profileImages } from './schema';
import type { ProfileImageRow } from './schema';

export class ProfileImagesRepository {
  constructor(private readonly db: Db) {}

  async insertOwn(
    actingUserId: string,
    image: { contentType: string; data: Buffer; width: number; height: number },
    now: Date,
  ): Promise<{ id: string }> {
    const [row] = await this.db
      .insert(profileImages)
      .values({ userId: actingUserId, ...image, createdAt: now })
      .returning({ id: profileImages.id });
    return row!;
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
