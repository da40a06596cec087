import { z } from 'zod';
import { defineRoute } from '../http/route';
import { userIdParamsSchema } from '../identity/auth';

/**
 * How many different people someone met at activities (a check-in between the host and an
 * accepted person), for "Met 7 people at activities" on their profile. A count only: never with
 * whom, when or where — those are the other person's too, and a place is never shown.
 */
export const peopleMetSchema = z.object({ peopleMet: z.number().int().nonnegative() });
export type PeopleMet = z.infer<typeof peopleMetSchema>;

/** Profiles are for signed-in people, like the profile screen this feeds. */
export const peopleMetRoute = defineRoute({
  service: 'messaging',
  method: 'GET',
  path: '/api/people-met/:userId',
  access: 'user',
  params: userIdParamsSchema,
  response: { 200: peopleMetSchema },
});
