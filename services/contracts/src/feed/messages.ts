/**
 * The feed service's own answers (field messages live beside their schemas in schemas.ts).
 * Exported so the web and tests compare against one spelling.
 */
export const FeedMessages = {
  postNotFound: 'Post not found',
  commentNotFound: 'Comment not found',
  deleteForbidden: 'Only the author or an admin can delete this post',
  postDeleted: 'Post deleted',
  editForbidden: 'Only the author can edit this post',
  commentEditForbidden: 'Only the author can edit this comment',
  editWindowPassed: 'Posts and comments can only be edited within 24 hours of posting',
  activityHasAccepted:
    "The time, place and spots can't change once someone has been accepted. Message them, or close the activity and post a new one",
  notAnActivity: 'Only an activity has a time, place and spots',
  seedingQueued: 'Activity seeding started',
  photoUnsupported: 'Photos must be JPEG, PNG, WebP or GIF images',
  photoTooLarge: 'A photo can be at most 8 MB',
  photoUnreadable: 'This photo could not be read. Try another one',
  photoQuotaReached: 'You have added as many photos as a day allows. Try again tomorrow',
  photoNotFound: 'Photo not found',
} as const;
