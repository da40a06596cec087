import { z } from 'zod';
import { defineRoute } from '../http/route';
import { PAGE_ROUTES } from './page-routes';

export const pageViewBodySchema = z.object({ route: z.enum(PAGE_ROUTES, 'Unknown page') });
export const pageViewResultSchema = z.object({
  /** False when the browser asked not to be tracked (Do Not Track, Global Privacy Control). */
  counted: z.boolean(),
});

export const pageViewsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(400).default(30),
});
export const pageViewCountSchema = z.object({ day: z.string(), route: z.string(), views: z.number().int() });
export const pageViewsReportSchema = z.object({
  days: z.number().int(),
  counts: z.array(pageViewCountSchema),
});
export type PageViewsReport = z.infer<typeof pageViewsReportSchema>;

/** Counts one view of a screen for today. Carries no user, no cookie; the address is not kept. */
export const recordPageViewRoute = defineRoute({
  service: 'notification',
  method: 'POST',
  path: '/api/page-views',
  access: 'public',
  body: pageViewBodySchema,
  response: { 202: pageViewResultSchema },
});

/** Admins only: views per screen and day, newest day first. */
export const listPageViewsRoute = defineRoute({
  service: 'notification',
  method: 'GET',
  path: '/api/admin/page-views',
  access: 'admin',
  query: pageViewsQuerySchema,
  response: { 200: pageViewsReportSchema },
});
