import type { peopleMetRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import type { MessagingCore } from './messaging-core';

/**
 * "Met 7 people at activities" on a profile, from the pairs the check-ins recorded (`met_pairs`,
 * which also decide who may start a conversation): the count alone, never who or when. Anyone
 * signed in may read anyone's, as they may open anyone's profile: it names nobody.
 */
export async function peopleMet(
  core: Pick<MessagingCore, 'messageSettings'>,
  { params: { userId } }: RouteInput<typeof peopleMetRoute>,
): Promise<RouteOutput<typeof peopleMetRoute>> {
  return { peopleMet: await core.messageSettings.peopleMetBy(userId) };
}
