/**
 * The feed service's own answers (field messages live beside their schemas in schemas.ts).
 * Exported so the web and tests compare against one spelling.
 */
export const FeedMessages = {
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  deleteForbidden: 'Only the author or an admin can delete this post',
  postDeleted: 'Post deleted',
  seedingQueued: 'Activity seeding started',
} as const;
