import { z } from 'zod';
import { defineRoute } from '../http/route';
import { messageResponseSchema, userIdParamsSchema } from './auth';

/** A person the signed-in user has blocked, as their "Blocked people" list shows them. */
export const blockedPersonSchema = z.object({
  userId: z.uuid(),
  username: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  blockedAt: z.iso.datetime({ offset: true }),
});
export type BlockedPerson = z.infer<typeof blockedPersonSchema>;

export const BlockMessages = {
  blocked: 'Blocked',
  unblocked: 'Unblocked',
  cannotBlockSelf: 'You cannot block yourself',
} as const;

const service = 'identity';

/** Blocks a person (idempotent). */
export const blockUserRoute = defineRoute({
  service,
  method: 'POST',
  path: '/api/users/:userId/block',
  access: 'user',
  params: userIdParamsSchema,
  response: { 200: messageResponseSchema },
});

/** Lifts one's own block (idempotent). */
export const unblockUserRoute = defineRoute({
  service,
  method: 'DELETE',
  path: '/api/users/:userId/block',
  access: 'user',
  params: userIdParamsSchema,
  response: { 200: messageResponseSchema },
});

/** The signed-in user's blocked people, most recent first. */
export const listBlockedUsersRoute = defineRoute({
  service,
  method: 'GET',
  path: '/api/blocks',
  access: 'user',
  response: { 200: z.array(blockedPersonSchema) },
});

export const blockRoutes = [blockUserRoute, unblockUserRoute, listBlockedUsersRoute] as const;
