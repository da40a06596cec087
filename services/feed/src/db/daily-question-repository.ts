import { sql } from 'drizzle-orm';
import { queryRows } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { authorNameOf, shownAreaName } from '@saathi/contracts';
import { notBlockedEitherWay } from './engageable';
import { firstRow } from './first-row';
import { dailyResponses } from './schema';

export interface DailyResponseView {
  id: string;
  question: string;
  response: string;
  authorId: string;
  authorName: string;
  location: string;
  createdAt: Date;
}

export class DailyResponsesRepository {
  constructor(private readonly db: Db) {}

  with(db: Db): DailyResponsesRepository {
    return new DailyResponsesRepository(db);
  }

  async addOwn(
    actingUserId: string,
    answer: { question: string; response: string; location: string; createdAt: Date },
  ): Promise<string> {
    const row = firstRow(
      await this.db
        .insert(dailyResponses)
        .values({ ...answer, authorId: actingUserId })
        .returning({ id: dailyResponses.id }),
      'the answer insert',
    );
    return row.id;
  }

  /**
   * The newest answers to `question` given since `since`, with their authors' names: none hidden
   * or removed by moderation, none by a suspended author, and for a signed-in viewer none by
   * someone either of them blocked and none they reported.
   */
  async newest(
    question: string,
    since: Date,
    limit: number,
    viewerId: string | null = null,
  ): Promise<DailyResponseView[]> {
    const rows = await queryRows<{
      id: string;
      question: string;
      response: string;
      author_id: string;
      location: string;
      created_at: Date | string;
      username: string | null;
      first_name: string | null;
    }>(
      this.db,
      sql`select d.id, d.question, d.response, d.author_id, d.location, d.created_at, a.username, a.first_name
            from feed.daily_responses d left join feed.authors a on a.user_id = d.author_id
           where d.question = ${question} and d.created_at >= ${since.toISOString()}::timestamptz
             and d.moderation is null and (a.suspended_at is null)
             ${
               viewerId === null
                 ? sql``
                 : sql`and ${notBlockedEitherWay(viewerId, sql`d.author_id`)}
                       and not exists (select 1 from feed.hidden_for_viewer h
                                        where h.viewer_id = ${viewerId} and h.target_id = d.id)`
             }
           order by d.created_at desc, d.id desc
           limit ${limit}`,
    );
    return rows.map((row) => ({
      id: row.id,
      question: row.question,
      response: row.response,
      authorId: row.author_id,
      authorName: authorNameOf(
        row.username === null ? null : { username: row.username, firstName: row.first_name },
      ),
      // Rows from before issue 29 may hold a name the browser sent (a typed address).
      location: shownAreaName(row.location),
      createdAt: row.created_at instanceof Date ? row.created_at : new Date(row.created_at),
    }));
  }
}
