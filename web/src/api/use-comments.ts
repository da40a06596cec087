import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createCommentRoute, likeCommentRoute, listCommentsRoute } from './routes';
import { api } from './api-client';
import { commentsKey } from './feed-query-keys';
import { updateCachedPost } from './use-feed';

/** A post's comments, loaded when the comments section opens. */
export function useComments(postId: string) {
  return useQuery({
    queryKey: commentsKey(postId),
    queryFn: ({ signal }) => api.call(listCommentsRoute, { params: { postId }, signal }),
  });
}

/** A new comment; the post's comments reload and its comment count goes up. */
export function useCreateComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) => api.call(createCommentRoute, { body: { postId, content } }),
    onSuccess: async () => {
      updateCachedPost(queryClient, postId, (post) => ({ ...post, commentCount: post.commentCount + 1 }));
      await queryClient.invalidateQueries({ queryKey: commentsKey(postId) });
    },
  });
}

/** Likes a comment once per user; the post's comments reload. */
export function useLikeComment(postId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => api.call(likeCommentRoute, { params: { id: commentId } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: commentsKey(postId) }),
  });
}
