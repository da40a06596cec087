// The realtime protocol's event names, apart from socket.ts's payload schemas so that a client
// can name the events without bundling zod.

/**
 * What a client may send. Typing's ack answers `{ ok: false, message }` when refused; a send's
 * answers the stored message, or the status and message the HTTP route would have answered.
 */
export const SocketClientEvent = { typing: 'typing', messageSend: 'message:send' } as const;
/** What the server pushes. */
export const SocketServerEvent = {
  messageNew: 'message:new',
  conversationUpdated: 'conversation:updated',
  typing: 'typing',
  read: 'conversation:read',
  notificationNew: 'notification:new',
  activityThreadMessage: 'activity-thread:message',
  circleThreadMessage: 'circle-thread:message',
} as const;
