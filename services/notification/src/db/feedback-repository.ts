import { randomUUID } from 'node:crypto';
import { desc } from 'drizzle-orm';
import type { Feedback, FeedbackType } from '@saathi/contracts';
import { returnedRow } from '@saathi/platform';
import type { Db } from '@saathi/platform';
import { feedback } from './schema';

export interface NewFeedback {
  type: FeedbackType;
  content: string;
  userId: string | null;
  userInfo: Record<string, string> | null;
  createdAt: Date;
}

type FeedbackRow = typeof feedback.$inferSelect;

const toFeedback = (row: FeedbackRow): Feedback => ({
  id: row.id,
  type: row.type as FeedbackType,
  content: row.content,
  userId: row.userId,
  userInfo: row.userInfo,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
});

export class FeedbackRepository {
  constructor(private readonly db: Db) {}

  /** Stores new feedback as `open`. */
  async add(entry: NewFeedback): Promise<Feedback> {
    const row = returnedRow(
      await this.db
        .insert(feedback)
        .values({ id: randomUUID(), ...entry, status: 'open' })
        .returning(),
      'the feedback insert',
    );
    return toFeedback(row);
  }

  /** Newest first, one page. */
  async list(limit: number, offset: number): Promise<Feedback[]> {
    const rows = await this.db
      .select()
      .from(feedback)
      .orderBy(desc(feedback.createdAt), desc(feedback.id))
      .limit(limit)
      .offset(offset);
    return rows.map(toFeedback);
  }
}
