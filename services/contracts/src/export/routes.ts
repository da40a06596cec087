import { z } from 'zod';
import { defineRoute } from '../http/route';

/**
 * "Download my data": each service answers, for the signed-in person only, everything it stores
 * about them; the browser puts the parts together into one JSON file (docs/privacy.md).
 */
const part = z.record(z.string(), z.unknown());
export type DataExportPart = z.infer<typeof part>;

export const exportIdentityDataRoute = defineRoute({
  service: 'identity',
  method: 'GET',
  path: '/api/export/identity',
  response: { 200: part },
});

export const exportFeedDataRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/export/feed',
  response: { 200: part },
});

export const exportMessagingDataRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/export/messaging',
  response: { 200: part },
});

export const exportNotificationDataRoute = defineRoute({
  service: 'notification',
  method: 'GET',
  path: '/api/export/notification',
  response: { 200: part },
});
