import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeedComment } from '@saathi/contracts';
import { createCommentRoute, editCommentRoute, likeCommentRoute, listCommentsRoute } from './routes';
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

/** The author's edit of their comment (within 24 hours); the answer replaces it in the list. */
export function useEditComment(postId: string, commentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (content: string) =>
      api.call(editCommentRoute, { params: { id: commentId }, body: { content } }),
    onSuccess: (edited) => {
      queryClient.setQueryData<FeedComment[]>(commentsKey(postId), (comments) =>
        comments?.map((comment) => (comment.id === edited.id ? edited : comment)),
      );
    },
  });
}
