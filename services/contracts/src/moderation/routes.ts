import { z } from 'zod';
import { defineRoute } from '../http/route';
import { messageResponseSchema } from '../identity/auth';
import {
  auditEntrySchema,
  createReportBodySchema,
  moderationActionBodySchema,
  openCaseSchema,
} from './schemas';

const service = 'moderation';

/** Reports a post, comment, message or person (once per reporter and item; again is a no-op). */
export const createReportRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/moderation/reports',
  body: createReportBodySchema,
  response: { 201: messageResponseSchema },
});

/** Admins only: reported items awaiting review, oldest first. */
export const listOpenCasesRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/moderation/admin/cases',
  response: { 200: z.array(openCaseSchema) },
});

/** Admins only: dismiss the reports, remove the content, or suspend its owner. */
export const takeModerationActionRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/moderation/admin/actions',
  body: moderationActionBodySchema,
  response: { 200: messageResponseSchema },
});

/** Admins only: every action taken, newest first. */
export const listAuditRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/moderation/admin/audit',
  response: { 200: z.array(auditEntrySchema) },
});

export const moderationRoutes = [
  createReportRoute,
  listOpenCasesRoute,
  takeModerationActionRoute,
  listAuditRoute,
] as const;
