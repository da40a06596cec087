import type { PeopleMet } from '@saathi/contracts';
import type { MessagingCore } from './messaging-core';

/**
 * "Met 7 people at activities" on a profile, from the pairs the check-ins recorded (`met_pairs`,
 * which also decide who may start a conversation): the count alone, never who or when.
 */
export async function peopleMet(
  core: Pick<MessagingCore, 'messageSettings'>,
  userId: string,
): Promise<PeopleMet> {
  return { peopleMet: await core.messageSettings.peopleMetBy(userId) };
}
