/**
 * Messaging's own answers (field messages live beside their schemas in schemas.ts), and the
 * web's toasts for these calls. Exported so the web and tests compare against one spelling.
 */
export const MessagingMessages = {
  conversationNotFound: 'Conversation not found',
  userNotFound: 'User not found',
  notWithYourself: 'You cannot start a conversation with yourself',
  /** Either side blocked the other; worded so it does not say which, or that it is a block. */
  cannotMessage: 'You cannot message this person',
  /**
   * The other person deleted their account: the conversation stays readable, but nothing can be
   * sent to it (answered 410), and no conversation can be started with them (404 userNotFound).
   */
  accountDeleted: 'This account has been deleted',
  /**
   * The recipient takes no new conversations from the sender (their "who may start" setting):
   * answered 403 `NOT_TAKING_NEW_MESSAGES`, and nothing is stored.
   */
  notTakingNewMessages: (name: string) => `${name} isn't taking new messages`,
  /** A send reused a client message id the sender already gave a message of another conversation. */
  clientMessageIdTaken: 'This message id is already used',
  /** Toasts (docs/product.md#messages). */
  startFailed: 'Failed to start conversation',
  sendFailed: 'Failed to send message',
} as const;
