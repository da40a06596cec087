import { z } from 'zod';
import {
  BLOG_CONTENT_MAX,
  BLOG_EXCERPT_MAX,
  BLOG_LIMIT_MAX,
  BLOG_META_DESCRIPTION_MAX,
  BLOG_META_TITLE_MAX,
  BLOG_PAGE_SIZE,
  BLOG_RESERVED_SLUGS,
  BLOG_SLUG_MAX,
  BLOG_SLUG_MIN,
  BLOG_TAG_MAX,
  BLOG_TAGS_MAX,
  BLOG_TITLE_MAX,
} from './constants';

/** Lower-case words joined by single hyphens: safe in a URL path as it is. */
export const BLOG_SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const blogSlugSchema = z
  .string()
  .trim()
  .min(BLOG_SLUG_MIN, `Slug must be at least ${BLOG_SLUG_MIN} characters`)
  .max(BLOG_SLUG_MAX, `Slug must be ${BLOG_SLUG_MAX} characters or less`)
  .regex(BLOG_SLUG_PATTERN, 'Slug may contain only lower-case letters, digits and single hyphens')
  .refine((slug) => !(BLOG_RESERVED_SLUGS as readonly string[]).includes(slug), 'This slug is reserved');

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be ${max} characters or less`)
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .optional();

export const blogTagSchema = z
  .string()
  .trim()
  .min(1, 'Tags may not be empty')
  .max(BLOG_TAG_MAX, `A tag must be ${BLOG_TAG_MAX} characters or less`);

const storyFields = {
  title: z
    .string()
    .trim()
    .min(1, 'Title is required')
    .max(BLOG_TITLE_MAX, `Title must be ${BLOG_TITLE_MAX} characters or less`),
  slug: blogSlugSchema,
  content: z
    .string()
    .trim()
    .min(1, 'Content is required')
    .max(BLOG_CONTENT_MAX, `Content must be ${BLOG_CONTENT_MAX} characters or less`),
  excerpt: z
    .string()
    .trim()
    .min(1, 'Excerpt is required')
    .max(BLOG_EXCERPT_MAX, `Excerpt must be ${BLOG_EXCERPT_MAX} characters or less`),
  tags: z.array(blogTagSchema).max(BLOG_TAGS_MAX, `At most ${BLOG_TAGS_MAX} tags`),
  metaTitle: optionalText(BLOG_META_TITLE_MAX, 'Meta title'),
  metaDescription: optionalText(BLOG_META_DESCRIPTION_MAX, 'Meta description'),
  featured: z.boolean(),
  published: z.boolean(),
};

/** An admin's new story. Published unless told otherwise; featured only when asked. */
export const createBlogPostBodySchema = z.object({
  ...storyFields,
  tags: storyFields.tags.default([]),
  featured: storyFields.featured.default(false),
  published: storyFields.published.default(true),
});
export type CreateBlogPostBody = z.infer<typeof createBlogPostBodySchema>;
export type CreateBlogPostInput = z.input<typeof createBlogPostBodySchema>;

/** Any subset of the fields, at least one; what is left out stays as it is (no defaults here). */
export const updateBlogPostBodySchema = z
  .object(storyFields)
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'Nothing to update');
export type UpdateBlogPostBody = z.infer<typeof updateBlogPostBodySchema>;

/** Offset paging, newest first (the list is small and changes rarely: offsets are exact enough). */
export const blogListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(BLOG_LIMIT_MAX).default(BLOG_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});
export type BlogListQuery = z.infer<typeof blogListQuerySchema>;

/** A malformed slug names no story: it answers the same 404 as a missing one. */
export const blogSlugParamsSchema = z.object({
  slug: z
    .string()
    .min(1)
    .max(BLOG_SLUG_MAX * 2),
});
export const blogIdParamsSchema = z.object({ id: z.uuid('Blog post not found') });

const blogPostFields = {
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string(),
  tags: z.array(z.string()),
  metaTitle: z.string().nullable(),
  metaDescription: z.string().nullable(),
  featured: z.boolean(),
  published: z.boolean(),
  viewCount: z.number().int().nonnegative(),
  /** Words in the content, so a card can show a read time without the content. */
  wordCount: z.number().int().nonnegative(),
  createdAt: z.string(),
  updatedAt: z.string(),
};

/** A story on a card: everything but the content. */
export const blogPostSummarySchema = z.object(blogPostFields);
export type BlogPostSummary = z.infer<typeof blogPostSummarySchema>;

export const blogPostSchema = z.object({ ...blogPostFields, content: z.string() });
export type BlogPost = z.infer<typeof blogPostSchema>;

/** What a page's head needs (the gateway's server-side tags); reading it counts no view. */
export const blogPostMetaSchema = z.object({
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  publishedAt: z.string(),
});
export type BlogPostMeta = z.infer<typeof blogPostMetaSchema>;
