// Who may do what to a post, as the card shows it (the server checks the same rules).
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
