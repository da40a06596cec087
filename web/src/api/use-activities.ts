import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  acceptActivityRequestRoute,
  activityFeedbackRoute,
  checkInRoute,
  pastActivitiesRoute,
  stopRepeatingRoute,
  closeActivityRoute,
  declineActivityRequestRoute,
  getActivityRoute,
  joinActivityRoute,
  leaveActivityRoute,
  stillGoingRoute,
} from './routes';
import type { ActivityVerdict } from '@saathi/contracts';
import { api } from './api-client';
import { postsRootKey } from './feed-query-keys';
import { offerPushNotifications } from '../pwa/push-offer';

/** Under the posts prefix, so a change reloads the post cards' spots too. */
export const activityKey = (postId: string) => ['posts', postId, 'activity'] as const;

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
  return useActivityChange(postId, async (note: string | undefined) => {
    const answer = await api.call(joinActivityRoute, { params: { id: postId }, body: note ? { note } : {} });
    // The host's answer is worth a notification: the moment to offer them.
    offerPushNotifications('join');
    return answer;
  });
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

/** Check-in: the other person's code, scanned or typed. */
export function useCheckIn(postId: string) {
  return useActivityChange(postId, (code: string) =>
    api.call(checkInRoute, { params: { id: postId }, body: { code } }),
  );
}

/** The host ends a weekly series. */
export function useStopRepeating(postId: string) {
  return useActivityChange(postId, () => api.call(stopRepeatingRoute, { params: { id: postId } }));
}

export const pastActivitiesKey = ['past-activities'] as const;

/** The viewer's done activities and what others said about them (their own profile). */
export function usePastActivities(enabled: boolean) {
  return useQuery({
    queryKey: pastActivitiesKey,
    enabled,
    queryFn: ({ signal }) => api.call(pastActivitiesRoute, { signal }),
  });
}

/** One tap about another person of a done activity. */
export function useActivityFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ postId, userId, verdict }: { postId: string; userId: string; verdict: ActivityVerdict }) =>
      api.call(activityFeedbackRoute, { params: { id: postId }, body: { userId, verdict } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: pastActivitiesKey }),
  });
}
