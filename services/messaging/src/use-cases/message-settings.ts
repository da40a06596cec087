import type {
  activityCheckedInV1,
  getMessageSettingsRoute,
  putMessageSettingsRoute,
} from '@saathi/contracts';
import type { ConsumedEvent, RouteInput, RouteOutput } from '@saathi/platform';
import type { MessagingCore } from './messaging-core';

/** The caller's own messaging settings: there is no way to name another person. */
export async function getMessageSettings(
  core: Pick<MessagingCore, 'messageSettings'>,
  { user }: RouteInput<typeof getMessageSettingsRoute>,
): Promise<RouteOutput<typeof getMessageSettingsRoute>> {
  return { whoMayStart: await core.messageSettings.whoMayStartOf(user.id) };
}

/** Replaces the caller's own settings; conversations that exist are not affected. */
export async function putMessageSettings(
  core: Pick<MessagingCore, 'messageSettings'>,
  { user, body }: RouteInput<typeof putMessageSettingsRoute>,
): Promise<RouteOutput<typeof putMessageSettingsRoute>> {
  return { whoMayStart: await core.messageSettings.setOwn(user.id, user.username, body.whoMayStart) };
}

/**
 * feed.activity.checked_in.v1 → the host and that person met: either may then start a
 * conversation with the other even when the other takes new ones only from people they met.
 * Once per event (inbox); the pair keeps its first meeting's time. A check-in about an erased
 * account, handled after the erasure, writes nothing.
 */
export async function recordMeeting(
  core: Pick<MessagingCore, 'messageSettings'>,
  { data: { hostId, userId }, tx, occurredAt }: ConsumedEvent<typeof activityCheckedInV1>,
): Promise<void> {
  await core.messageSettings.with(tx).recordMet(hostId, userId, occurredAt);
}
