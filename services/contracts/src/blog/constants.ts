/** Stories per page of the blog list; "Load More Stories" shows while the last page was full. */
export const BLOG_PAGE_SIZE = 10;
export const BLOG_LIMIT_MAX = 50;
/** Featured stories the list's top section shows, and related stories under a story. */
export const BLOG_FEATURED_SHOWN = 3;
export const BLOG_RELATED_SHOWN = 3;
/** The featured route answers a few more than shown, so "related" can skip the open story. */
export const BLOG_FEATURED_LIMIT = 10;
/** Tags shown on a featured card, a list card and a related card. */
export const BLOG_TAGS_FEATURED = 3;
export const BLOG_TAGS_LIST = 5;
export const BLOG_TAGS_RELATED = 2;
/** Read time: words at this pace, rounded up, never under a minute. */
export const BLOG_WORDS_PER_MINUTE = 200;

export const BLOG_TITLE_MAX = 200;
export const BLOG_SLUG_MIN = 3;
export const BLOG_SLUG_MAX = 100;
export const BLOG_EXCERPT_MAX = 500;
export const BLOG_CONTENT_MAX = 50_000;
export const BLOG_TAG_MAX = 30;
export const BLOG_TAGS_MAX = 10;
export const BLOG_META_TITLE_MAX = 200;
export const BLOG_META_DESCRIPTION_MAX = 300;
/** Words the blog's own list route takes: a story may not use it as its slug. */
export const BLOG_RESERVED_SLUGS = ['featured'] as const;
