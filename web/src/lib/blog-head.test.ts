import { describe, expect, it } from 'vitest';
import { blogHeadOf } from './blog-head';

describe('a story page head', () => {
  const story = { title: 'Safety tips', metaTitle: null, excerpt: 'Meet in public.', metaDescription: null };

  it('uses the title and excerpt without meta fields', () => {
    const head = blogHeadOf(story, 'https://s.example/blog/safety');
    expect(head.title).toBe('Safety tips | Saathi Blog');
    expect(head.tags).toContainEqual(['property', 'og:title', 'Safety tips | Saathi Blog']);
    expect(head.tags).toContainEqual(['name', 'description', 'Meet in public.']);
    expect(head.tags).toContainEqual(['property', 'og:type', 'article']);
    expect(head.tags).toContainEqual(['property', 'og:url', 'https://s.example/blog/safety']);
  });

  it('prefers the meta title and description', () => {
    const head = blogHeadOf({ ...story, metaTitle: 'Stay safe', metaDescription: 'Tips.' }, 'u');
    expect(head.title).toBe('Stay safe | Saathi Blog');
    expect(head.tags).toContainEqual(['property', 'og:description', 'Tips.']);
    expect(head.tags).toContainEqual(['name', 'twitter:title', 'Stay safe | Saathi Blog']);
  });
});
