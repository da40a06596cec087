import type { MessageSettings } from '@saathi/contracts';
import type { AuthUser } from '@saathi/platform';
import type { MessagingCore } from './messaging-core';

/** The caller's own messaging settings. */
export async function getMessageSettings(
  core: Pick<MessagingCore, 'messageSettings'>,
  user: AuthUser,
): Promise<MessageSettings> {
  return { whoMayStart: await core.messageSettings.whoMayStartOf(user.id) };
}

/** Replaces the caller's own settings; conversations that exist are not affected. */
export async function putMessageSettings(
  core: Pick<MessagingCore, 'messageSettings'>,
  user: AuthUser,
  settings: MessageSettings,
): Promise<MessageSettings> {
  return { whoMayStart: await core.messageSettings.setOwn(user.id, user.username, settings.whoMayStart) };
}
