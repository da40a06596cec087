// Who may do what to a post, as the card shows it (the server checks the same rules).
import { EDIT_WINDOW_MS } from '@saathi/contracts';
import type { CurrentUser, FeedPost } from '@saathi/contracts';

type Viewer = Pick<CurrentUser, 'id' | 'role'> | null | undefined;

/** Only the author or an admin may delete a post. */
export function canDeletePost(viewer: Viewer, post: Pick<FeedPost, 'authorId'>): boolean {
  if (!viewer) return false;
  return viewer.role === 'admin' || viewer.id === post.authorId;
}

/** Messaging the author needs a signed-in viewer who is not the author. */
export function canMessageAuthor(viewer: Viewer, post: Pick<FeedPost, 'authorId'>): boolean {
  return !!viewer && viewer.id !== post.authorId;
}

/** Only the author, within 24 hours of posting (a post's or a comment's). */
export function canEdit(
  viewer: Viewer,
  item: Pick<FeedPost, 'authorId' | 'createdAt'>,
  now: number = Date.now(),
): boolean {
  if (!viewer || viewer.id !== item.authorId) return false;
  return now - new Date(item.createdAt).getTime() < EDIT_WINDOW_MS;
}
