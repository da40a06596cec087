// Query keys of messaging and notifications; the socket handlers update the same entries.
export const conversationsKey = ['/api/conversations'] as const;
export const threadKey = (conversationId: string) =>
  ['/api/conversations', conversationId, 'messages'] as const;
export const unreadMessagesKey = ['/api/messages/unread-count'] as const;
export const notificationsKey = ['/api/notifications'] as const;
