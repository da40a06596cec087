import { z } from 'zod';
import { defineEvent } from '../events/envelope';
import { notificationSchema } from './schemas';

/**
 * A notification was created or grew (another like on the same post). Messaging, which holds
 * the users' sockets, pushes it to the recipient's room.
 */
export const notificationUpsertedV1 = defineEvent(
  'notification.notification.upserted.v1',
  z.object({ recipientId: z.uuid(), notification: notificationSchema }),
);
