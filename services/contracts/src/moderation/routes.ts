import { z } from 'zod';
import { exportModerationDataRoute } from '../export/routes';
import { defineRoute } from '../http/route';
import { messageResponseSchema } from '../identity/auth';
import {
  auditEntrySchema,
  createReportBodySchema,
  moderationActionBodySchema,
  openCasesPageSchema,
  openCasesQuerySchema,
  suspensionSchema,
} from './schemas';

const service = 'moderation';

/** Reports a post, comment, message or person (once per reporter and item; again is a no-op). */
export const createReportRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/moderation/reports',
  access: 'user',
  body: createReportBodySchema,
  response: { 201: messageResponseSchema },
});

/**
 * Admins only: reported items awaiting review, oldest first (by first report, then kind and id),
 * a page at a time: pass the previous page's `nextCursor` as `cursor`.
 */
export const listOpenCasesRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/moderation/admin/cases',
  access: 'admin',
  query: openCasesQuerySchema,
  response: { 200: openCasesPageSchema },
});

/**
 * Admins only: dismiss the reports, remove the content, or suspend its owner (on an open case);
 * or reinstate a suspended person (`targetKind: 'user'`, `targetId`: the person).
 */
export const takeModerationActionRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/moderation/admin/actions',
  access: 'admin',
  body: moderationActionBodySchema,
  response: { 200: messageResponseSchema },
});

/** Admins only: every action taken, newest first. */
export const listAuditRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/moderation/admin/audit',
  access: 'admin',
  response: { 200: z.array(auditEntrySchema) },
});

/** Admins only: the people suspended now, most recent first. */
export const listSuspensionsRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/moderation/admin/suspensions',
  access: 'admin',
  response: { 200: z.array(suspensionSchema) },
});

export const moderationRoutes = [
  createReportRoute,
  listOpenCasesRoute,
  takeModerationActionRoute,
  listAuditRoute,
  listSuspensionsRoute,
  exportModerationDataRoute,
] as const;
