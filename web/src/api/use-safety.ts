import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { blockUserRoute, createReportRoute, listBlockedUsersRoute, unblockUserRoute } from './routes';
import type {
  ActivityThreadMessage,
  Conversation,
  CreateReportBody,
  DailyResponse,
  FeedComment,
} from '@saathi/contracts';
import { api } from './api-client';
import { dailyResponsesKey, postListsKey, postsRootKey } from './feed-query-keys';
import { activityThreadsKey } from './use-activity-threads';
import { conversationsKey } from './messaging-query-keys';
import { updateCachedPost } from './use-feed';
import type { FeedPages } from './use-feed';
import type { ThreadData } from './use-messages';

export const blockedPeopleKey = ['blocked-people'] as const;

/** The signed-in user's blocked people (their own profile's list; also decides Block or Unblock). */
export function useBlockedPeople(enabled = true) {
  return useQuery({
    queryKey: blockedPeopleKey,
    enabled,
    queryFn: ({ signal }) => api.call(listBlockedUsersRoute, { signal }),
  });
}

/**
 * Block or unblock. The feed and the conversations are refetched: the server hides the pair's
 * posts and the blocker's conversation once the block reaches feed and messaging (an event away).
 */
export function useBlockToggle() {
  const queryClient = useQueryClient();
  const settle = async (userId: string, blocked: boolean) => {
    if (blocked) {
      // Taken out of the cached lists rather than refetched: a refetch could reach the feed
      // before the block event does and bring the posts back.
      queryClient.setQueriesData<FeedPages>({ queryKey: postListsKey }, (data) =>
        data
          ? { ...data, pages: data.pages.map((page) => page.filter((post) => post.authorId !== userId)) }
          : data,
      );
      queryClient.setQueriesData<Conversation[]>({ queryKey: conversationsKey }, (list) =>
        list?.filter((conversation) => conversation.otherParticipant.id !== userId),
      );
      await queryClient.invalidateQueries({ queryKey: blockedPeopleKey });
      return;
    }
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: blockedPeopleKey }),
      queryClient.invalidateQueries({ queryKey: postsRootKey }),
      queryClient.invalidateQueries({ queryKey: conversationsKey }),
    ]);
  };
  const block = useMutation({
    mutationFn: (userId: string) => api.call(blockUserRoute, { params: { userId } }),
    onSuccess: (_result, userId) => settle(userId, true),
  });
  const unblock = useMutation({
    mutationFn: (userId: string) => api.call(unblockUserRoute, { params: { userId } }),
    onSuccess: (_result, userId) => settle(userId, false),
  });
  return { block, unblock };
}

/** Files a report; the reported item leaves this reporter's screens at once. */
export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateReportBody) => api.call(createReportRoute, { body }),
    // Out of the caches, not refetched: the server hides it once the report's event arrives.
    onSuccess: (_result, body) => {
      if (body.targetKind === 'post') updateCachedPost(queryClient, body.targetId, () => null);
      if (body.targetKind === 'comment')
        queryClient.setQueriesData<FeedComment[]>(
          { predicate: (query) => query.queryKey[2] === 'comments' },
          (list) => list?.filter((comment) => comment.id !== body.targetId),
        );
      if (body.targetKind === 'daily_answer')
        queryClient.setQueryData<DailyResponse[]>(dailyResponsesKey, (list) =>
          list?.filter((answer) => answer.id !== body.targetId),
        );
      if (body.targetKind === 'message')
        queryClient.setQueriesData<ThreadData>(
          {
            predicate: (query) =>
              query.queryKey[0] === conversationsKey[0] && query.queryKey[2] === 'messages',
          },
          (data) =>
            data && { ...data, messages: data.messages.filter((message) => message.id !== body.targetId) },
        );
      if (body.targetKind === 'message') {
        // Or it was in an activity's group thread: out of that thread's page, and the list's
        // last message read again (the server leaves the reported one out).
        queryClient.setQueriesData<ActivityThreadMessage[]>(
          {
            predicate: (query) =>
              query.queryKey[0] === activityThreadsKey[0] && query.queryKey[2] === 'messages',
          },
          (messages) => messages?.filter((message) => message.id !== body.targetId),
        );
        void queryClient.invalidateQueries({ queryKey: activityThreadsKey, exact: true });
      }
    },
  });
}
