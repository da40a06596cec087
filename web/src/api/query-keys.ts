// Query keys double as URLs (the default query function joins them with "/").
export const currentUserKey = ['/api/auth/user'] as const;
export const profileKey = (userId: string) => ['/api/profile', userId] as const;
export const publicUserKey = (userId: string) => ['/api/users', userId] as const;
export const resetTokenKey = (token: string) => ['/api/auth/validate-reset-token', token] as const;
