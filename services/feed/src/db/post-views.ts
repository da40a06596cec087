import { sql } from 'drizzle-orm';
import type { SQL } from 'drizzle-orm';
import { areaNameOf } from '@saathi/contracts';
import type { ActivityLevel } from '@saathi/contracts';
import type { ActivityFields } from '../domain/activities';
import { positiveCounts } from '../domain/posts';
import { authorLabel } from '../domain/views';
import type { CommentView, PostView } from '../domain/views';
import type { PostPhotoRef } from './schema';

/** A post row joined with its author, as the raw feed queries select it. */
export interface PostViewRow extends Record<string, unknown> {
  id: string;
  content: string;
  author_id: string;
  hashtags: string[];
  likes: number;
  reactions: Record<string, unknown>;
  comment_count: number;
  latitude: number;
  longitude: number;
  location_name: string | null;
  created_at: Date | string;
  expires_at: Date | string;
  username: string | null;
  first_name: string | null;
  activity_starts_at: Date | string | null;
  activity_ends_at: Date | string | null;
  activity_spots: number | null;
  activity_level: ActivityLevel | null;
  activity_area: string | null;
  activity_accepted: number | null;
  activity_closed_at: Date | string | null;
  edited_at: Date | string | null;
  photos: PostPhotoRef[] | null;
  circle_id: string | null;
  circle_name: string | null;
}

/**
 * The columns of PostViewRow, from `feed.posts p left join feed.authors a`. A circle activity's
 * circle name is looked up only for the few posts that have a circle (the CASE skips the probe
 * for every other post), so no page query needs a join of its own.
 */
export const POST_VIEW_COLUMNS: SQL = sql.raw(
  `p.id, p.content, p.author_id, p.hashtags, p.likes, p.reactions, p.comment_count, p.latitude,
   p.longitude, p.location_name, p.created_at, p.expires_at, a.username, a.first_name,
   p.activity_starts_at, p.activity_ends_at, p.activity_spots, p.activity_level, p.activity_area,
   p.activity_accepted, p.activity_closed_at, p.edited_at, p.photos, p.circle_id,
   case when p.circle_id is null then null
        else (select ci.name from feed.circles ci where ci.id = p.circle_id) end as circle_name`,
);

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

/** Author names come from the projection; a post whose author the feed never heard of reads "Anonymous User". */
function labelOf(row: { username: string | null; first_name: string | null }) {
  return authorLabel(row.username === null ? null : { username: row.username, firstName: row.first_name });
}

function activityOf(row: PostViewRow): ActivityFields | null {
  if (row.activity_starts_at === null || row.activity_ends_at === null) return null;
  return {
    startsAt: asDate(row.activity_starts_at),
    endsAt: asDate(row.activity_ends_at),
    spots: row.activity_spots ?? 1,
    accepted: row.activity_accepted ?? 0,
    level: row.activity_level ?? 'any',
    area: row.activity_area ?? '',
    closedAt: row.activity_closed_at === null ? null : asDate(row.activity_closed_at),
  };
}

export function toPostView(row: PostViewRow): PostView {
  return {
    id: row.id,
    content: row.content,
    authorId: row.author_id,
    ...labelOf(row),
    hashtags: row.hashtags,
    likes: row.likes,
    reactions: positiveCounts(row.reactions),
    commentCount: row.comment_count,
    latitude: row.latitude,
    longitude: row.longitude,
    // Derived from the point at read time too: rows from before issue 29 hold whatever name the
    // browser sent (a typed address), which is never shown.
    locationName: areaNameOf({ latitude: row.latitude, longitude: row.longitude }),
    createdAt: asDate(row.created_at),
    expiresAt: asDate(row.expires_at),
    editedAt: row.edited_at === null ? null : asDate(row.edited_at),
    activity: activityOf(row),
    photos: row.photos ?? [],
    circle: row.circle_id && row.circle_name !== null ? { id: row.circle_id, name: row.circle_name } : null,
  };
}

export interface CommentViewRow extends Record<string, unknown> {
  id: string;
  post_id: string;
  content: string;
  author_id: string;
  likes: number;
  reactions: Record<string, unknown>;
  created_at: Date | string;
  edited_at: Date | string | null;
  username: string | null;
  first_name: string | null;
}

/** The columns of CommentViewRow, from `feed.comments c left join feed.authors a`. */
export const COMMENT_VIEW_COLUMNS: SQL = sql.raw(
  `c.id, c.post_id, c.content, c.author_id, c.likes, c.reactions, c.created_at, c.edited_at, a.username, a.first_name`,
);

export function toCommentView(row: CommentViewRow): CommentView {
  return {
    id: row.id,
    postId: row.post_id,
    content: row.content,
    authorId: row.author_id,
    ...labelOf(row),
    likes: row.likes,
    reactions: positiveCounts(row.reactions),
    createdAt: asDate(row.created_at),
    editedAt: row.edited_at === null ? null : asDate(row.edited_at),
  };
}
