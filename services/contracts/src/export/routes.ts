import { z } from 'zod';
import { defineRoute } from '../http/route';

/**
 * "Download my data" (docs/privacy.md). The person asks for an export; a job in identity collects
 * every service's part server-side, stores the one JSON file for 24 hours and offers it for
 * download to its owner only.
 *
 * The per-service parts (`GET /api/export/{service}`) answer for the signed-in session, and — for
 * feed, messaging, notification and moderation — for the export job's short-lived token, which
 * no other route accepts.
 */
const part = z.record(z.string(), z.unknown());
export type DataExportPart = z.infer<typeof part>;

/** How long an assembled export is offered for download. */
export const DATA_EXPORT_TTL_HOURS = 24;

export const DataExportMessages = {
  alreadyPreparing: 'Your data is already being prepared',
  notFound: 'Export not found',
  expired: 'This export has expired; ask for a new one',
  notReady: 'Your data is not ready yet',
  /** 429 within DATA_EXPORT_COOLDOWN_MS of the last export that was made. */
  tooSoon: 'You can ask for a new export once an hour. Your last one is still available.',
} as const;

export const dataExportStatusSchema = z.object({
  id: z.uuid(),
  /** `preparing` until the job has stored the file; `failed` when it could not (ask again). */
  status: z.enum(['preparing', 'ready', 'failed']),
  createdAt: z.string(),
  readyAt: z.string().nullable(),
  /** When the file is deleted: 24 hours after it was ready. */
  expiresAt: z.string().nullable(),
});
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

const exportIdParams = z.object({ id: z.uuid(DataExportMessages.notFound) });

/** Asks for a new export (replacing a ready or failed one); 409 while one is being prepared. */
export const requestDataExportRoute = defineRoute({
  service: 'identity',
  method: 'POST',
  path: '/api/export/requests',
  access: 'user',
  response: { 202: dataExportStatusSchema },
});

/** The signed-in person's current export, if any (the profile's Your data section). */
export const currentDataExportRoute = defineRoute({
  service: 'identity',
  method: 'GET',
  path: '/api/export/requests',
  access: 'user',
  response: { 200: z.object({ export: dataExportStatusSchema.nullable() }) },
});

/** One export's status; 404 unless it is the caller's. */
export const dataExportStatusRoute = defineRoute({
  service: 'identity',
  method: 'GET',
  path: '/api/export/requests/:id',
  access: 'user',
  params: exportIdParams,
  response: { 200: dataExportStatusSchema },
});

/**
 * The file itself (`Content-Disposition: attachment; filename="saathi-data-YYYY-MM-DD.json"`);
 * 404 unless it is the caller's, 409 while preparing, 410 once expired (404 after the sweep).
 */
export const downloadDataExportRoute = defineRoute({
  service: 'identity',
  method: 'GET',
  path: '/api/export/requests/:id/download',
  access: 'user',
  params: exportIdParams,
  response: {},
  kind: 'document',
});

export const exportIdentityDataRoute = defineRoute({
  service: 'identity',
  method: 'GET',
  path: '/api/export/identity',
  access: 'user',
  response: { 200: part },
});

export const exportFeedDataRoute = defineRoute({
  service: 'feed',
  method: 'GET',
  path: '/api/export/feed',
  access: 'user',
  response: { 200: part },
});

export const exportMessagingDataRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/export/messaging',
  access: 'user',
  response: { 200: part },
});

export const exportNotificationDataRoute = defineRoute({
  service: 'notification',
  method: 'GET',
  path: '/api/export/notification',
  access: 'user',
  response: { 200: part },
});

export const exportModerationDataRoute = defineRoute({
  service: 'moderation',
  method: 'GET',
  path: '/api/export/moderation',
  access: 'user',
  response: { 200: part },
});

/** The services the export job asks over HTTP, in the file's order (identity's part it reads itself). */
export const DATA_EXPORT_REMOTE_PARTS = [
  exportFeedDataRoute,
  exportMessagingDataRoute,
  exportNotificationDataRoute,
  exportModerationDataRoute,
] as const;
