import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ReactionEmoji } from '@saathi/contracts';
import {
  addCommentReactionRoute,
  addPostReactionRoute,
  removeCommentReactionRoute,
  removePostReactionRoute,
} from './routes';
import { api } from './api-client';
import { postsRootKey } from './feed-query-keys';
import { updateCachedPost } from './use-feed';

export interface ReactionChange {
  target: 'post' | 'comment';
  id: string;
  emoji: ReactionEmoji;
  change: 'add' | 'remove';
}

function sendReaction({ target, id, emoji, change }: ReactionChange) {
  const input = { params: { id }, body: { emoji } };
  if (target === 'post') {
    return change === 'add'
      ? api.call(addPostReactionRoute, input)
      : api.call(removePostReactionRoute, input);
  }
  return change === 'add'
    ? api.call(addCommentReactionRoute, input)
    : api.call(removeCommentReactionRoute, input);
}

/** Adds or removes one of the viewer's reactions; the post lists and comment lists reload after. */
export function useReaction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendReaction,
    onSuccess: async ({ reactions, myReactions }, { target, id }) => {
      // Show the answer at once; the reload that follows brings everything else up to date.
      if (target === 'post')
        updateCachedPost(queryClient, id, (post) => ({ ...post, reactions, myReactions }));
      await queryClient.invalidateQueries({ queryKey: postsRootKey });
    },
  });
}
