import { authorNameOf, initialsOf, REACTION_EMOJIS } from '@saathi/contracts';
import type { FeedComment, FeedPost, NamedUser, PostPhoto } from '@saathi/contracts';
import { toPostActivity } from './activities';
import type { ActivityFields } from './activities';
import { distanceKm } from './geo';
import type { Point } from './geo';
import type { ReactionCounts } from './posts';

/** A post as every viewer sees it (no likedByMe, no distance): what the feed cache holds. */
export interface PostView {
  id: string;
  content: string;
  authorId: string;
  authorName: string;
  authorInitials: string;
  hashtags: string[];
  likes: number;
  reactions: ReactionCounts;
  commentCount: number;
  latitude: number;
  longitude: number;
  locationName: string | null;
  createdAt: Date;
  expiresAt: Date;
  /** The author's last edit; null or absent when never edited. */
  editedAt?: Date | null;
  /** Null (or absent) on a plain post. */
  activity?: ActivityFields | null;
  /** Its photos in order; empty or absent when it has none. */
  photos?: readonly PostPhoto[];
  /** The circle an activity was posted in (docs/circles.md); null or absent otherwise. */
  circle?: { id: string; name: string } | null;
}

export interface CommentView {
  id: string;
  postId: string;
  content: string;
  authorId: string;
  authorName: string;
  authorInitials: string;
  likes: number;
  reactions: ReactionCounts;
  createdAt: Date;
  /** The author's last edit; null or absent when never edited. */
  editedAt?: Date | null;
}

/** What one viewer has done to some posts or comments: liked, and which emojis they hold. */
export interface ViewerMarks {
  liked: ReadonlySet<string>;
  reactions: ReadonlyMap<string, readonly string[]>;
}

/** What a signed-in viewer must not see in the feed (docs/moderation.md). */
export interface Exclusions {
  /** People in a block with the viewer, either way. */
  authors: readonly string[];
  /** Posts the viewer reported. */
  posts: readonly string[];
}

export const NO_MARKS: ViewerMarks = { liked: new Set(), reactions: new Map() };

/** Author name and initials by the product's rules; a missing author reads "Anonymous User". */
export function authorLabel(author: NamedUser | null | undefined): {
  authorName: string;
  authorInitials: string;
} {
  return { authorName: authorNameOf(author), authorInitials: initialsOf(author) };
}

/** The emojis in the bar's order (thumbs up first), whatever order they were stored in. */
export function inEmojiOrder(emojis: readonly string[]): string[] {
  return REACTION_EMOJIS.filter((emoji) => emojis.includes(emoji));
}

/** `now` decides an activity's state (done once its window has ended). */
export function toFeedPost(
  view: PostView,
  marks: ViewerMarks,
  viewerPoint: Point | null,
  now: Date = new Date(),
): FeedPost {
  const post: FeedPost = {
    id: view.id,
    content: view.content,
    authorId: view.authorId,
    authorName: view.authorName,
    authorInitials: view.authorInitials,
    hashtags: view.hashtags,
    likes: view.likes,
    reactions: view.reactions,
    likedByMe: marks.liked.has(view.id),
    myReactions: inEmojiOrder(marks.reactions.get(view.id) ?? []),
    commentCount: view.commentCount,
    distanceKm: viewerPoint ? distanceKm(viewerPoint, view) : null,
    latitude: view.latitude,
    longitude: view.longitude,
    locationName: view.locationName,
    createdAt: view.createdAt.toISOString(),
    expiresAt: view.expiresAt.toISOString(),
    editedAt: view.editedAt ? view.editedAt.toISOString() : null,
  };
  // A plain post carries no activity key at all, exactly as before activities existed.
  if (view.activity) post.activity = toPostActivity(view.activity, now);
  // Nor does a post without photos carry a photos key.
  if (view.photos && view.photos.length > 0) post.photos = view.photos.map((photo) => ({ ...photo }));
  // Only a circle's activity says which circle it is in.
  if (view.circle) post.circle = { ...view.circle };
  return post;
}

export function toFeedComment(view: CommentView, marks: ViewerMarks): FeedComment {
  return {
    id: view.id,
    postId: view.postId,
    content: view.content,
    authorId: view.authorId,
    authorName: view.authorName,
    authorInitials: view.authorInitials,
    likes: view.likes,
    likedByMe: marks.liked.has(view.id),
    reactions: view.reactions,
    myReactions: inEmojiOrder(marks.reactions.get(view.id) ?? []),
    createdAt: view.createdAt.toISOString(),
    editedAt: view.editedAt ? view.editedAt.toISOString() : null,
  };
}
