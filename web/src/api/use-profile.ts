import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Profile, PublicUser } from '@saathi/contracts';
import { apiJson } from './api-request';
import { errorStatus } from '../lib/error-message';
import { currentUserKey, profileKey, publicUserKey } from './query-keys';

/** A user's profile; null when they have none yet (404), so saving knows to create it. */
export function useProfile(userId: string | undefined) {
  return useQuery<Profile | null>({
    queryKey: profileKey(userId ?? ''),
    queryFn: async () => {
      try {
        return await apiJson<Profile>('GET', `/api/profile/${encodeURIComponent(userId ?? '')}`);
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    enabled: !!userId,
  });
}

/** Public facts about another user (names only), for their profile's display-name fallback. */
export function usePublicUser(userId: string | undefined, enabled: boolean) {
  return useQuery<PublicUser | null>({
    queryKey: publicUserKey(userId ?? ''),
    queryFn: async () => {
      try {
        return await apiJson<PublicUser>('GET', `/api/users/${encodeURIComponent(userId ?? '')}`);
      } catch (error) {
        if (errorStatus(error) === 404) return null;
        throw error;
      }
    },
    enabled: enabled && !!userId,
  });
}

export interface SaveProfileInput {
  userId: string;
  /** True when GET /api/profile/{userId} answered 404: create instead of update. */
  create: boolean;
  displayName: string;
  bio: string;
  profileImageUrl: string | null;
}

export function useSaveProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, create, ...fields }: SaveProfileInput) => {
      const body = { ...fields, userId };
      return create
        ? apiJson<Profile>('POST', '/api/profile', body)
        : apiJson<Profile>('PUT', `/api/profile/${encodeURIComponent(userId)}`, body);
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
    mutationFn: (body: { imageData: string; imageType: string }) =>
      apiJson<{ imageUrl: string }>('POST', '/api/upload/profile-image', body),
  });
}

export interface ProfileStats {
  posts: number;
  likesReceived: number;
}

/**
 * Posts created and likes received. Zeros until the feed service exposes real counts;
 * swap the body of this hook for a query then.
 */
export function useProfileStats(_userId: string | undefined): ProfileStats {
  return { posts: 0, likesReceived: 0 };
}
