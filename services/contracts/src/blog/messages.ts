/** The blog service's own answers, one spelling for the service, the web and the tests. */
export const BlogMessages = {
  postNotFound: 'Blog post not found',
  slugTaken: 'A blog post with this slug already exists',
  digestQueued: 'Community digest generation started',
} as const;
