/** The moderation service's own answers, one spelling for the service, the web and the tests. */
export const ModerationMessages = {
  reported: 'Thanks for letting us know. We will review it.',
  cannotReportSelf: 'You cannot report yourself',
  adminOnly: 'Admins only',
  nothingToReview: 'No open reports for this item',
  removeNeedsContent: 'Only a post, comment or message can be removed',
  ownerUnknown: 'Whose item this is is not known yet; try again shortly',
  notSuspended: 'This person is not suspended',
  reinstateNeedsPerson: 'Only a person can be reinstated',
  actionDone: 'Done',
  /** remove_photo names the photo, and only remove_photo does, and only on a post. */
  photoNeedsPhotoAction: 'Only hiding a photo names a photo',
  photoActionNeedsPhoto: 'Say which photo to hide',
  photoActionNeedsPost: 'Only a post’s photo can be hidden',
  /** A message of an activity thread the reporter is not in (as messaging shows it: not at all). */
  notInThread: 'You can only report messages in threads you are part of',
  /** A 1:1 message of a conversation the reporter is not one of the two people in. */
  notInConversation: 'You can only report messages in conversations you are part of',
  /** A 1:1 message reported without its conversation (an older client: a reload sends it). */
  conversationRequired: 'Say which conversation the message is in',
  /** A conversation named on a report of something other than a message. */
  conversationOnlyForMessages: 'Only a message is reported with its conversation',
  /** The owning service no longer has the reported item (deleted, expired, or the account is gone). */
  itemGone: 'Item no longer exists',
} as const;
