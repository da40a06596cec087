import { ModerationMessages } from '@saathi/contracts';
import type { ReviewText, reviewMessageRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { ReviewMessageRow } from '../db/admin-review-repository';
import type { MessagingCore } from './messaging-core';

const shape = (row: ReviewMessageRow): ReviewText => ({
  id: row.id,
  authorId: row.sender_id,
  text: row.content,
  createdAt: new Date(row.created_at).toISOString(),
  moderation: row.moderation,
});

/**
 * Admins only (the route's `access`): one reported or moderated message as stored, hidden or
 * removed ones included, with the few messages around it in its conversation or group thread,
 * oldest first, so the reviewer judges what was really said. Only such a message, its thread, and
 * only a few of its messages: an admin reviewing a report does not read people's conversations at
 * large (docs/moderation.md). Anything else is 404, as if gone.
 */
export async function reviewMessage(
  core: Pick<MessagingCore, 'review'>,
  { params: { id } }: RouteInput<typeof reviewMessageRoute>,
): Promise<RouteOutput<typeof reviewMessageRoute>> {
  const found = await core.review.withContext(id);
  if (!found) throw outcomes.notFound(ModerationMessages.itemGone);
  const context = found.around
    .map(shape)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  return { ...shape(found.message), context };
}
