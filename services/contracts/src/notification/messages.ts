/** Notification's own answers and the web's toasts for its calls. */
export const NotificationMessages = {
  notificationNotFound: 'Notification not found',
  feedbackSent: 'Feedback Sent',
  /** Toast when sending feedback fails (docs/product.md#feedback). */
  feedbackFailed: 'Failed to submit feedback. Please try again.',
} as const;
