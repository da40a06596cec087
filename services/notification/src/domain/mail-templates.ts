import type {
  emailVerificationRequestedV1,
  EventData,
  passwordResetRequestedV1,
  userEmailVerifiedV1,
} from '@saathi/contracts';
import { PRODUCT_NAME } from '@saathi/contracts';

/**
 * Every subject is a fixed phrase of ours: never a name or any other text a user chose. A subject
 * is what a mailbox shows before anyone opens the mail, under our sender, and what spam filters
 * and phishing reports judge us by; a name like "Saathi Security: verify your account" there
 * would be someone else speaking with our voice. The body may name people, HTML-escaped.
 */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

const HTML_ESCAPES: Record<string, string | undefined> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

export function resetLinkOf(origin: string, token: string): string {
  return `${origin}/reset-password?token=${encodeURIComponent(token)}`;
}

/**
 * The reset mail. `token` is the raw token of a v1 event, or SEALED_TOKEN_PLACEHOLDER for v2,
 * which the mail worker replaces with the opened token only when it sends.
 */
export function passwordResetMail(
  origin: string,
  data: Pick<EventData<typeof passwordResetRequestedV1>, 'username' | 'token'>,
): MailContent {
  const link = resetLinkOf(origin, data.token);
  return {
    subject: `Reset your ${PRODUCT_NAME} password`,
    text: [
      `Hi ${data.username},`,
      '',
      `Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.`,
      'Open this link to choose a new password:',
      '',
      link,
      '',
      'The link expires in 1 hour and works once.',
      'If you did not ask for this, ignore this mail; your password stays the same.',
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(data.username)},</p>`,
      `<p>Someone (hopefully you) asked to reset the password of your ${PRODUCT_NAME} account.</p>`,
      `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
      '<p>The link expires in 1 hour and works once. If you did not ask for this, ignore this mail.</p>',
    ].join('\n'),
  };
}

export function verificationLinkOf(origin: string, token: string): string {
  return `${origin}/verify-email?token=${encodeURIComponent(token)}`;
}

/**
 * The verification mail. `token` is the raw token of a v1 event, or SEALED_TOKEN_PLACEHOLDER for
 * v2, which the mail worker replaces with the opened token only when it sends.
 */
export function emailVerificationMail(
  origin: string,
  data: Pick<EventData<typeof emailVerificationRequestedV1>, 'username' | 'email' | 'token'>,
): MailContent {
  const link = verificationLinkOf(origin, data.token);
  return {
    subject: `Verify your email address for ${PRODUCT_NAME}`,
    text: [
      `Hi ${data.username},`,
      '',
      `Please confirm that ${data.email} is your address by opening this link:`,
      '',
      link,
      '',
      `The link expires in 24 hours and works once, signed in to your ${PRODUCT_NAME} account as ${data.username}.`,
      `If you did not create a ${PRODUCT_NAME} account, ignore this mail; nothing happens without the link.`,
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(data.username)},</p>`,
      `<p>Please confirm that ${escapeHtml(data.email)} is your address.</p>`,
      `<p><a href="${escapeHtml(link)}">Verify my email address</a></p>`,
      `<p>The link expires in 24 hours and works once, signed in to your ${PRODUCT_NAME} account as ${escapeHtml(data.username)}. If you did not create a ${PRODUCT_NAME} account, ignore this mail.</p>`,
    ].join('\n'),
  };
}

/** Sent when the address is proved, so the person it reaches is the one who signed up. */
export function welcomeMail(origin: string, data: EventData<typeof userEmailVerifiedV1>): MailContent {
  const name = data.firstName ?? data.username;
  return {
    subject: `Welcome to ${PRODUCT_NAME}`,
    text: [
      `Welcome to ${PRODUCT_NAME}, ${name}!`,
      '',
      'Find people within 1 km who want to do what you want to do — a run, a study session, a meal.',
      `Start here: ${origin}/home`,
    ].join('\n'),
    html: [
      `<p>Welcome to ${PRODUCT_NAME}, ${escapeHtml(name)}!</p>`,
      '<p>Find people within 1 km who want to do what you want to do — a run, a study session, a meal.</p>',
      `<p><a href="${escapeHtml(origin)}/home">Open ${PRODUCT_NAME}</a></p>`,
    ].join('\n'),
  };
}

export function messagesLinkOf(origin: string): string {
  return `${origin}/messages`;
}

/** "You have a new message": who wrote, never what (the mail links to the conversation list). */
export function newMessageMail(
  origin: string,
  data: { recipientName: string; senderName: string },
): MailContent {
  const link = messagesLinkOf(origin);
  return {
    subject: `You have a new message on ${PRODUCT_NAME}`,
    text: [
      `Hi ${data.recipientName},`,
      '',
      `${data.senderName} sent you a message on ${PRODUCT_NAME}. Read and reply here:`,
      '',
      link,
      '',
      'We mail at most once an hour per conversation while you are away.',
    ].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(data.recipientName)},</p>`,
      `<p>${escapeHtml(data.senderName)} sent you a message on ${PRODUCT_NAME}.</p>`,
      `<p><a href="${escapeHtml(link)}">Read and reply</a></p>`,
      '<p>We mail at most once an hour per conversation while you are away.</p>',
    ].join('\n'),
  };
}

/** The activity notices that are mailed to people who did not see them in the app. */
export type MailedActivityNotice =
  'activity_accepted' | 'activity_declined' | 'activity_closed' | 'activity_reminder' | 'circle_activity';

export function postLinkOf(origin: string, postId: string): string {
  return `${origin}/post/${encodeURIComponent(postId)}`;
}

/** What happened: the subject (a fixed phrase) and the line that starts the mail (naming the host). */
function activityNoticeLine(type: MailedActivityNotice, host: string): { subject: string; line: string } {
  switch (type) {
    case 'activity_accepted':
      return {
        subject: `You're in: your request to join an activity was accepted on ${PRODUCT_NAME}`,
        line: `You're in: ${host} accepted you for their activity.`,
      };
    case 'activity_declined':
      return {
        subject: `Your request to join an activity was declined on ${PRODUCT_NAME}`,
        line: `${host} declined your request to join their activity. Other activities nearby are on ${PRODUCT_NAME}.`,
      };
    case 'activity_closed':
      return {
        subject: `An activity you asked to join has closed on ${PRODUCT_NAME}`,
        line: `${host} found a partner and closed their activity to new requests, so your request ends here.`,
      };
    case 'activity_reminder':
      return {
        subject: `Your activity on ${PRODUCT_NAME} starts in 2 hours`,
        line: `${host}'s activity starts in 2 hours. Still going? Say yes, or free your spot for someone waiting.`,
      };
    case 'circle_activity':
      return {
        subject: `A new activity in your circle on ${PRODUCT_NAME}`,
        line: `${host} posted a new activity in your circle. Ask to join while there are spots.`,
      };
  }
}

/**
 * An activity notice by mail: who and what, and a link to the post — never the meeting point
 * (the post shows it to the people accepted, signed in) nor anything else of the activity.
 */
export function activityNoticeMail(
  origin: string,
  data: { recipientName: string; hostName: string; type: MailedActivityNotice; postId: string },
): MailContent {
  const link = postLinkOf(origin, data.postId);
  const { subject, line } = activityNoticeLine(data.type, data.hostName);
  const { line: htmlLine } = activityNoticeLine(data.type, escapeHtml(data.hostName));
  const footer = 'We mail about an activity only when you have not seen it in the app, at most once an hour.';
  return {
    subject,
    text: [`Hi ${data.recipientName},`, '', line, '', 'Open the activity:', link, '', footer].join('\n'),
    html: [
      `<p>Hi ${escapeHtml(data.recipientName)},</p>`,
      `<p>${htmlLine}</p>`,
      `<p><a href="${escapeHtml(link)}">Open the activity</a></p>`,
      `<p>${footer}</p>`,
    ].join('\n'),
  };
}
