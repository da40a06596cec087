// Query keys of the cached calls. They read like the routes' paths, and a key made only of a
// path's parts still works with the default query function (which joins it with "/").
export const currentUserKey = ['/api/auth/user'] as const;
export const profileKey = (userId: string) => ['/api/profile', userId] as const;
export const peopleMetKey = (userId: string) => ['/api/people-met', userId] as const;
export const publicUserKey = (userId: string) => ['/api/users', userId] as const;
export const resetTokenKey = (token: string) => ['/api/auth/validate-reset-token', token] as const;
