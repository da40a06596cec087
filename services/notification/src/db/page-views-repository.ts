import { desc, gte, lt, sql } from 'drizzle-orm';
import type { Db } from '@saathi/platform';
import { pageViews } from './schema';

export class PageViewsRepository {
  constructor(private readonly db: Db) {}

  /** One more view of the screen on that day (a single upsert: concurrent views all count). */
  async count(day: string, route: string): Promise<void> {
    await this.db
      .insert(pageViews)
      .values({ day, route, views: 1 })
      .onConflictDoUpdate({
        target: [pageViews.day, pageViews.route],
        set: { views: sql`${pageViews.views} + 1` },
      });
  }

  /** Counts from `sinceDay` on, newest day first, busiest screen first within a day. */
  async since(sinceDay: string): Promise<{ day: string; route: string; views: number }[]> {
    return this.db
      .select({ day: pageViews.day, route: pageViews.route, views: pageViews.views })
      .from(pageViews)
      .where(gte(pageViews.day, sinceDay))
      .orderBy(desc(pageViews.day), desc(pageViews.views), pageViews.route);
  }

  async deleteBefore(day: string): Promise<void> {
    await this.db.delete(pageViews).where(lt(pageViews.day, day));
  }
}
