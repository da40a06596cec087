import type { BlogPost, BlogPostMeta, BlogPostSummary } from '@saathi/contracts';
import type { BlogPostSummaryRow } from '../db/posts-repository';
import type { BlogPostRow } from '../db/schema';

export function summaryOf(row: BlogPostSummaryRow): BlogPostSummary {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    tags: row.tags,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    featured: row.featured,
    published: row.published,
    viewCount: row.viewCount,
    wordCount: row.wordCount,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function storyOf(row: BlogPostRow): BlogPost {
  return { ...summaryOf(row), content: row.content };
}

/** The head of a story's page: its meta title and description, else its title and excerpt. */
export function metaOf(row: BlogPostRow): BlogPostMeta {
  return {
    slug: row.slug,
    title: row.metaTitle ?? row.title,
    description: row.metaDescription ?? row.excerpt,
    publishedAt: row.createdAt.toISOString(),
  };
}
