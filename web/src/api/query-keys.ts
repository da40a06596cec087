// Query keys of the cached calls: tuples naming what is cached (['profile', userId]), never a
// URL. Each query has its own queryFn calling the typed client; the keys only identify entries
// and group them for invalidation (a key is invalidated with every key it is a prefix of).
export const currentUserKey = ['current-user'] as const;
export const profileKey = (userId: string) => ['profile', userId] as const;
export const peopleMetKey = (userId: string) => ['people-met', userId] as const;
export const publicUserKey = (userId: string) => ['users', userId] as const;
export const resetTokenKey = (token: string) => ['reset-token', token] as const;
