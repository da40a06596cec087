// Query keys of messaging and notifications; the socket handlers update the same entries.
export const conversationsKey = ['conversations'] as const;
export const threadKey = (conversationId: string) => ['conversations', conversationId, 'messages'] as const;
export const unreadMessagesKey = ['unread-messages'] as const;
export const notificationsKey = ['notifications'] as const;
