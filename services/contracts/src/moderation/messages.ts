/** The moderation service's own answers, one spelling for the service, the web and the tests. */
export const ModerationMessages = {
  reported: 'Thanks for letting us know. We will review it.',
  cannotReportSelf: 'You cannot report yourself',
  adminOnly: 'Admins only',
  nothingToReview: 'No open reports for this item',
  removeNeedsContent: 'Only a post, comment or message can be removed',
  actionDone: 'Done',
} as const;
