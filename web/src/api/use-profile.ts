import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type Interest,
  type Profile,
  type ProfileStats,
  type PublicUser,
  type UploadProfileImageBody,
} from '@saathi/contracts';
import {
  createProfileRoute,
  getProfileRoute,
  getPublicUserRoute,
  listOrganisedCirclesRoute,
  peopleMetRoute,
  profileStatsRoute,
  updateProfileRoute,
  uploadProfileImageRoute,
} from './routes';
import { api } from './api-client';
import { isApiError } from './api-error';
import { profileStatsKey } from './feed-query-keys';
import { currentUserKey, peopleMetKey, profileKey, publicUserKey } from './query-keys';

/** The call's answer, or null when the server says there is no such thing (404). */
async function orNullIfMissing<T>(call: Promise<T>): Promise<T | null> {
  try {
    return await call;
  } catch (error) {
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

/**
 * A user's profile: `id` null until its first save (so saving knows to create it); null for
 * an unknown person (404).
 */
export function profileQuery(userId: string | undefined) {
  return queryOptions<Profile | null>({
    queryKey: profileKey(userId ?? ''),
    queryFn: ({ signal }) =>
      orNullIfMissing(api.call(getProfileRoute, { params: { userId: userId ?? '' }, signal })),
    enabled: !!userId,
  });
}

export function useProfile(userId: string | undefined) {
  return useQuery(profileQuery(userId));
}

/** Public facts about another user (names only), for their profile's display-name fallback. */
export function usePublicUser(userId: string | undefined, enabled: boolean) {
  return useQuery<PublicUser | null>({
    queryKey: publicUserKey(userId ?? ''),
    queryFn: ({ signal }) =>
      orNullIfMissing(api.call(getPublicUserRoute, { params: { userId: userId ?? '' }, signal })),
    enabled: enabled && !!userId,
  });
}

export interface SaveProfileInput {
  userId: string;
  /** True while the profile was never saved (its `id` is null): create instead of update. */
  create: boolean;
  displayName: string;
  bio: string;
  profileImageUrl: string | null;
  interests: Interest[];
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, create, ...fields }: SaveProfileInput) => {
      const body = { ...fields, userId };
      return create
        ? api.call(createProfileRoute, { body })
        : api.call(updateProfileRoute, { params: { userId }, body });
    },
    onSuccess: async (_profile, { userId }) => {
      // The header avatar reads the current user, whose picture follows the profile's.
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: profileKey(userId) }),
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
      ]);
    },
  });
}

export function useUploadProfileImage() {
  return useMutation({
    mutationFn: (body: UploadProfileImageBody) => api.call(uploadProfileImageRoute, { body }),
  });
}

/**
 * Posts created and likes received (the feed counts them). Zeros until the counts arrive, and
 * when they cannot be read: the stat cards are a summary, not something to fail the page over.
 */
export function useProfileStats(userId: string | undefined): ProfileStats {
  const query = useQuery({
    queryKey: profileStatsKey(userId ?? ''),
    queryFn: ({ signal }) => api.call(profileStatsRoute, { params: { userId: userId ?? '' }, signal }),
    enabled: !!userId,
  });
  return query.data ?? { posts: 0, likesReceived: 0 };
}

/**
 * How many people someone met at activities (messaging counts the check-ins), for the profile's
 * trust lines; undefined until it arrives or when it cannot be read, and then the line is left out.
 */
export function usePeopleMet(userId: string | undefined): number | undefined {
  const query = useQuery({
    queryKey: peopleMetKey(userId ?? ''),
    queryFn: ({ signal }) => api.call(peopleMetRoute, { params: { userId: userId ?? '' }, signal }),
    enabled: !!userId,
  });
  return query.data?.peopleMet;
}

/** Under the circles prefix: any change to a circle (a rename, a close, a new organiser) reloads it. */
export const organisedCirclesKey = (userId: string) => ['circles', 'organised-by', userId] as const;

/**
 * The open circles someone organises (names and member counts, never a place), for "Organises …"
 * in the profile's trust lines; empty for most people, and then the line is left out.
 */
export function useOrganisedCircles(userId: string | undefined) {
  return useQuery({
    queryKey: organisedCirclesKey(userId ?? ''),
    queryFn: ({ signal }) =>
      api.call(listOrganisedCirclesRoute, { params: { userId: userId ?? '' }, signal }),
    enabled: !!userId,
    select: (answer) => answer.circles,
  });
}
