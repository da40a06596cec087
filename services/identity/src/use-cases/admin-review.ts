import { ModerationMessages } from '@saathi/contracts';
import type { reviewPersonRoute } from '@saathi/contracts';
import { outcomes } from '@saathi/platform';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { IdentityCore } from './identity-core';

/**
 * Admins only (the route's `access`): a reported person's profile as identity stores it (what
 * others see of them, and whether they are suspended), never their email or sign-in details.
 * 404 once the account is deleted.
 */
export async function reviewPerson(
  core: Pick<IdentityCore, 'people'>,
  { params }: RouteInput<typeof reviewPersonRoute>,
): Promise<RouteOutput<typeof reviewPersonRoute>> {
  const person = await core.people.findPerson(params.id);
  if (!person) throw outcomes.notFound(ModerationMessages.itemGone);
  return { ...person, joinedAt: person.joinedAt.toISOString() };
}
