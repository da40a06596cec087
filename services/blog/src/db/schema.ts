import { sql } from 'drizzle-orm';
import { boolean, integer, pgSchema, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { SCHEMA } from './schema-name';

// The tables of db/migrations; schema-drift.test.ts keeps the two in step.

export const blog = pgSchema(SCHEMA);

export const posts = blog.table('posts', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  slug: text('slug').notNull().unique(),
  content: text('content').notNull(),
  excerpt: text('excerpt').notNull(),
  tags: text('tags')
    .array()
    .notNull()
    .default(sql`'{}'`),
  metaTitle: text('meta_title'),
  metaDescription: text('meta_description'),
  featured: boolean('featured').notNull().default(false),
  published: boolean('published').notNull().default(true),
  viewCount: integer('view_count').notNull().default(0),
  wordCount: integer('word_count')
    .notNull()
    .generatedAlwaysAs(sql`coalesce(array_length(regexp_split_to_array(btrim(content), '\s+'), 1), 0)`),
  authorId: uuid('author_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const areaWeekPosts = blog.table(
  'area_week_posts',
  {
    week: text('week').notNull(),
    area: text('area').notNull(),
    posts: integer('posts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.area] })],
);

export const areaWeekHashtags = blog.table(
  'area_week_hashtags',
  {
    week: text('week').notNull(),
    area: text('area').notNull(),
    hashtag: text('hashtag').notNull(),
    posts: integer('posts').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.week, t.area, t.hashtag] })],
);

export type BlogPostRow = typeof posts.$inferSelect;
