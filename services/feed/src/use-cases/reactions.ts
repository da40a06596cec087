import { FeedMessages, reactionAddedV1, reactionRemovedV1 } from '@saathi/contracts';
import type { ReactionEmoji, ReactionResult } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { AuthUser } from '@saathi/platform';
import type { EngagementTarget } from '../db/engagement-repository';
import { inEmojiOrder } from '../domain/views';
import type { FeedCore, RequestMeta } from './feed-core';

type ReactionCore = Pick<FeedCore, 'uow' | 'clock' | 'engagement' | 'cache'>;
/** What the four reaction routes' inputs have in common (each is `RouteInput` of its route). */
interface ReactionInput {
  user: AuthUser;
  params: { id: string };
  body: { emoji: ReactionEmoji };
  meta: RequestMeta;
}

const asked =
  (type: EngagementTarget, change: ReactionChange) =>
  (core: ReactionCore, input: ReactionInput): Promise<ReactionResult> =>
    changeReaction(core, input.user, { type, id: input.params.id }, input.body.emoji, change, input.meta);

/** POST on a post: adds the emoji, or takes it back when the user holds it already. */
export const reactToPost = asked('post', 'toggle');
/** DELETE on a post: takes the emoji back. */
export const unreactToPost = asked('post', 'remove');
/** POST on a comment: adds the emoji, or takes it back when the user holds it already. */
export const reactToComment = asked('comment', 'toggle');
/** DELETE on a comment: takes the emoji back. */
export const unreactToComment = asked('comment', 'remove');

/**
 * `toggle` (POST): adds the emoji, or removes it when the user holds it already.
 * `remove` (DELETE): removes it if held; removing one not held changes nothing.
 */
export type ReactionChange = 'toggle' | 'remove';

/** Changes the user's reaction on a post or comment and answers the new counts and their own emojis. */
export async function changeReaction(
  core: ReactionCore,
  user: AuthUser,
  target: { type: EngagementTarget; id: string },
  emoji: ReactionEmoji,
  change: ReactionChange,
  meta: RequestMeta,
): Promise<ReactionResult> {
  return core.uow.withEvents(
    async (tx, emit, afterCommit) => {
      const engagement = core.engagement.with(tx);
      const now = core.clock.now();
      // Removing follows the same rule as adding: a post or comment the user may not engage with
      // reads as unknown, and answering its counts would show them what a block hides.
      const locked = await engagement.lock(target.type, target.id, user.id, now);
      if (!locked)
        throw outcomes.notFound(
          target.type === 'post' ? FeedMessages.postNotFound : FeedMessages.commentNotFound,
        );
      let reactions;
      let removed = false;
      if (await engagement.removeOwnReaction(user.id, target.type, target.id, emoji)) {
        reactions = await engagement.countReaction(target.type, target.id, emoji, -1);
        removed = true;
      } else if (change === 'toggle') {
        await engagement.addOwnReaction(user.id, target.type, target.id, emoji, now);
        reactions = await engagement.countReaction(target.type, target.id, emoji, 1);
        emit(reactionAddedV1, {
          targetType: target.type,
          targetId: target.id,
          emoji,
          userId: user.id,
          targetAuthorId: locked.authorId,
          postId: locked.postId,
        });
      } else {
        reactions = await engagement.reactionCounts(target.type, target.id);
      }
      if (target.type === 'post') afterCommit(() => core.cache?.invalidateCell(locked.geoCell));
      const marks = await engagement.marksOf(user.id, target.type, [target.id]);
      const myReactions = inEmojiOrder(marks.reactions.get(target.id) ?? []);
      // Either route's removal: notification must stop naming someone who no longer reacts.
      if (removed)
        emit(reactionRemovedV1, {
          targetType: target.type,
          targetId: target.id,
          emoji,
          userId: user.id,
          targetAuthorId: locked.authorId,
          postId: locked.postId,
          remainingEmojis: myReactions,
        });
      return { reactions, myReactions };
    },
    { traceId: meta.traceId },
  );
}
