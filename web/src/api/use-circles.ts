// Circles (docs/circles.md): the lists, one circle's page and every change an organiser or a
// member makes. Every change reloads everything cached under the circles prefix (the circle, its
// members and requests, the lists): a circle is small, and its counts and badges follow.
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CIRCLES_PAGE_SIZE,
  snapPoint,
  type CreateCircleBody,
  type EditCircleBody,
  type PostHashtag,
} from '@saathi/contracts';
import {
  acceptCircleRequestRoute,
  circleOfferRoute,
  closeCircleRoute,
  createCircleRoute,
  declineCircleRequestRoute,
  editCircleRoute,
  getCircleRoute,
  handOverCircleRoute,
  joinCircleRoute,
  leaveCircleRoute,
  listCircleActivitiesRoute,
  listCircleMembersRoute,
  listCircleRequestsRoute,
  listCirclesNearRoute,
  listMyCirclesRoute,
  reinviteCircleMemberRoute,
  removeCircleMemberRoute,
  setCircleRoleRoute,
} from './routes';
import { api } from './api-client';
import { isApiError } from './api-error';
import type { ViewerPoint } from './feed-query-keys';
import {
  circleActivitiesKey,
  circleKey,
  circleMembersKey,
  circleOfferKey,
  circleRequestsKey,
  circlesNearKey,
  circlesRootKey,
  myCirclesKey,
} from './circle-query-keys';
import { circleThreadsKey } from './use-circle-threads';

export {
  circleActivitiesKey,
  circleKey,
  circleMembersKey,
  circleOfferKey,
  circleRequestsKey,
  circlesNearKey,
  circlesRootKey,
  myCirclesKey,
};

/**
 * "Circles near you": open circles whose home is within 1 km, newest activity first, 20 a page;
 * the next page while the last one was full.
 */
export function useCirclesNear(point: ViewerPoint | null, topic: PostHashtag | undefined) {
  // The point leaves the browser snapped to the grid, as the feed's does.
  const snapped = point ? snapPoint(point) : { latitude: 0, longitude: 0 };
  return useInfiniteQuery({
    queryKey: circlesNearKey(snapped, topic),
    enabled: !!point,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      api.call(listCirclesNearRoute, {
        query: {
          latitude: snapped.latitude,
          longitude: snapped.longitude,
          topic,
          limit: CIRCLES_PAGE_SIZE,
          offset: pageParam,
        },
        signal,
      }),
    getNextPageParam: (last, pages) =>
      last.length === CIRCLES_PAGE_SIZE ? pages.reduce((sum, page) => sum + page.length, 0) : undefined,
  });
}

/** The circles the viewer is in (signed in only). */
export function useMyCircles(enabled: boolean) {
  return useQuery({
    queryKey: myCirclesKey,
    enabled,
    queryFn: ({ signal }) => api.call(listMyCirclesRoute, { signal }),
  });
}

/** One circle (public); null when it does not exist or is hidden (404, or a malformed id). */
export function useCircle(id: string | undefined, point: ViewerPoint | null) {
  const snapped = point ? snapPoint(point) : null;
  return useQuery({
    queryKey: circleKey(id ?? '', snapped),
    enabled: !!id,
    queryFn: async ({ signal }) => {
      try {
        return await api.call(getCircleRoute, { params: { id: id ?? '' }, query: snapped ?? {}, signal });
      } catch (error) {
        if (isApiError(error, 404) || isApiError(error, 400)) return null;
        throw error;
      }
    },
  });
}

export function useCircleMembers(id: string, enabled: boolean) {
  return useQuery({
    queryKey: circleMembersKey(id),
    enabled,
    queryFn: ({ signal }) => api.call(listCircleMembersRoute, { params: { id }, signal }),
  });
}

export function useCircleRequests(id: string, enabled: boolean) {
  return useQuery({
    queryKey: circleRequestsKey(id),
    enabled,
    queryFn: ({ signal }) => api.call(listCircleRequestsRoute, { params: { id }, signal }),
  });
}

/** Its activities that have not ended, soonest first. */
export function useCircleActivities(id: string, point: ViewerPoint | null, enabled: boolean) {
  const snapped = point ? snapPoint(point) : null;
  return useQuery({
    queryKey: [...circleActivitiesKey(id), snapped],
    enabled,
    queryFn: ({ signal }) =>
      api.call(listCircleActivitiesRoute, { params: { id }, query: snapped ?? {}, signal }),
  });
}

/** After a check-in: a circle worth joining, or null. */
export function useCircleOffer(postId: string, enabled: boolean) {
  return useQuery({
    queryKey: circleOfferKey(postId),
    enabled,
    queryFn: async ({ signal }) =>
      (await api.call(circleOfferRoute, { params: { id: postId }, signal })).circle,
  });
}

/** A change to a circle: then everything cached about circles (and the circle threads) reloads. */
function useCircleChange<V, R>(run: (vars: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: circlesRootKey }),
        queryClient.invalidateQueries({ queryKey: circleThreadsKey }),
      ]);
    },
  });
}

/** A new circle at the creator's point (snapped before it leaves the browser). */
export function useCreateCircle() {
  return useCircleChange((body: CreateCircleBody) =>
    api.call(createCircleRoute, { body: { ...body, ...snapPoint(body) } }),
  );
}

export function useEditCircle(id: string) {
  return useCircleChange((body: EditCircleBody) => api.call(editCircleRoute, { params: { id }, body }));
}

/** Open: in at once; ask to join: a request with an optional note. */
export function useJoinCircle(id: string) {
  return useCircleChange((note: string | undefined) =>
    api.call(joinCircleRoute, { params: { id }, body: note ? { note } : {} }),
  );
}

/** Leave, or withdraw a pending request. */
export function useLeaveCircle(id: string) {
  return useCircleChange(() => api.call(leaveCircleRoute, { params: { id } }));
}

export function useAnswerCircleRequest(id: string) {
  return useCircleChange(({ userId, accept }: { userId: string; accept: boolean }) =>
    api.call(accept ? acceptCircleRequestRoute : declineCircleRequestRoute, { params: { id, userId } }),
  );
}

export function useRemoveCircleMember(id: string) {
  return useCircleChange((userId: string) => api.call(removeCircleMemberRoute, { params: { id, userId } }));
}

export function useReinviteCircleMember(id: string) {
  return useCircleChange((userId: string) => api.call(reinviteCircleMemberRoute, { params: { id, userId } }));
}

export function useSetCircleRole(id: string) {
  return useCircleChange(({ userId, role }: { userId: string; role: 'organiser' | 'member' }) =>
    api.call(setCircleRoleRoute, { params: { id, userId }, body: { role } }),
  );
}

export function useHandOverCircle(id: string) {
  return useCircleChange((userId: string) =>
    api.call(handOverCircleRoute, { params: { id }, body: { userId } }),
  );
}

export function useCloseCircle(id: string) {
  return useCircleChange(() => api.call(closeCircleRoute, { params: { id } }));
}
