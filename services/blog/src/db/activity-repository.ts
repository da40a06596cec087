import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import type { AreaActivity } from '../domain/digest';
import { areaWeekHashtags, areaWeekPosts } from './schema';

/** The anonymous weekly counts: posts and hashtags per area and ISO week, nothing else. */
export class ActivityRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): ActivityRepository {
    return new ActivityRepository(db);
  }

  /** Counts one post in its week and area, and each of its hashtags. */
  async countPost(week: string, area: string, hashtags: readonly string[]): Promise<void> {
    await this.db
      .insert(areaWeekPosts)
      .values({ week, area, posts: 1 })
      .onConflictDoUpdate({
        target: [areaWeekPosts.week, areaWeekPosts.area],
        set: { posts: sql`${areaWeekPosts.posts} + 1` },
      });
    const distinct = [...new Set(hashtags)];
    if (distinct.length === 0) return;
    await this.db
      .insert(areaWeekHashtags)
      .values(distinct.map((hashtag) => ({ week, area, hashtag, posts: 1 })))
      .onConflictDoUpdate({
        target: [areaWeekHashtags.week, areaWeekHashtags.area, areaWeekHashtags.hashtag],
        set: { posts: sql`${areaWeekHashtags.posts} + 1` },
      });
  }

  async weekActivity(week: string): Promise<AreaActivity[]> {
    const areas = await this.db.select().from(areaWeekPosts).where(eq(areaWeekPosts.week, week));
    const tags = await this.db
      .select()
      .from(areaWeekHashtags)
      .where(and(eq(areaWeekHashtags.week, week)));
    return areas.map((area) => ({
      area: area.area,
      posts: area.posts,
      hashtags: tags
        .filter((tag) => tag.area === area.area)
        .map((tag) => ({ hashtag: tag.hashtag, posts: tag.posts })),
    }));
  }
}
