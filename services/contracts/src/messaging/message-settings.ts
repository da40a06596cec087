import { z } from 'zod';
import { defineRoute } from '../http/route';

/**
 * Who may start a conversation with someone: anyone (a stranger's first message is a request),
 * only people they met at an activity (the host and a person checked in) or already talk with,
 * or nobody new. A conversation that exists is never affected.
 */
export const WHO_MAY_START = ['everyone', 'met', 'nobody'] as const;
export type WhoMayStart = (typeof WHO_MAY_START)[number];

export const MessageSettingsMessages = {
  invalidWhoMayStart: 'Choose everyone, met or nobody',
} as const;

export const messageSettingsSchema = z.object({
  whoMayStart: z.enum(WHO_MAY_START, MessageSettingsMessages.invalidWhoMayStart),
});
export type MessageSettings = z.infer<typeof messageSettingsSchema>;

/** The caller's own messaging settings ('everyone' until changed). */
export const getMessageSettingsRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/message-settings',
  access: 'user',
  response: { 200: messageSettingsSchema },
});

/** Replaces the caller's own messaging settings; answers what is stored. */
export const putMessageSettingsRoute = defineRoute({
  service: 'messaging',
  method: 'PUT',
  path: '/api/message-settings',
  access: 'user',
  body: messageSettingsSchema,
  response: { 200: messageSettingsSchema },
});
