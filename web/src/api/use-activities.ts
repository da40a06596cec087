import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptActivityRequestRoute,
  closeActivityRoute,
  declineActivityRequestRoute,
  getActivityRoute,
  joinActivityRoute,
  leaveActivityRoute,
  stillGoingRoute,
} from '@saathi/contracts';
import { api } from './api-client';
import { postsRootKey } from './feed-query-keys';

/** Under the posts prefix, so a change reloads the post cards' spots too. */
export const activityKey = (postId: string) => ['/api/posts', postId, 'activity'] as const;

/** The viewer's view of one activity (their request, the exact point and requests where allowed). */
export function useActivity(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: activityKey(postId),
    enabled,
    queryFn: ({ signal }) => api.call(getActivityRoute, { params: { id: postId }, signal }),
  });
}

/** Every change answers the new detail: it replaces the cached one, then the post lists reload. */
function useActivityChange<V>(postId: string, run: (vars: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async (answer) => {
      if (answer && typeof answer === 'object' && 'postId' in answer)
        queryClient.setQueryData(activityKey(postId), answer);
      await queryClient.invalidateQueries({ queryKey: postsRootKey });
    },
  });
}

export function useJoinActivity(postId: string) {
  return useActivityChange(postId, (note: string | undefined) =>
    api.call(joinActivityRoute, { params: { id: postId }, body: note ? { note } : {} }),
  );
}

export function useLeaveActivity(postId: string) {
  return useActivityChange(postId, () => api.call(leaveActivityRoute, { params: { id: postId } }));
}

export function useAnswerRequest(postId: string) {
  return useActivityChange(postId, ({ userId, accept }: { userId: string; accept: boolean }) =>
    api.call(accept ? acceptActivityRequestRoute : declineActivityRequestRoute, {
      params: { id: postId, userId },
    }),
  );
}

export function useCloseActivity(postId: string) {
  return useActivityChange(postId, () => api.call(closeActivityRoute, { params: { id: postId } }));
}

/** "Still going?": no gives up the spot. */
export function useStillGoing(postId: string) {
  return useActivityChange(postId, (going: boolean) =>
    api.call(stillGoingRoute, { params: { id: postId }, body: { going } }),
  );
}
