import type { exportMessagingDataRoute } from '@saathi/contracts';
import type { RouteInput, RouteOutput } from '@saathi/platform';
import { asDate } from '../db/as-date';
import type { MessagingCore } from './messaging-core';

/**
 * Messaging's part of "Download my data", for the person signed in or for identity's export job
 * asking on their behalf with its short-lived token (index.ts: `exportToken`): each of their
 * conversations, oldest first, with every message they wrote and the other person's as the thread
 * shows them (one moderation removed or hid, or that they reported, is not handed back). A
 * request's sender reads it as the app shows it to them: a declined one is still 'request' (the
 * app never tells the sender of a decline). The circle threads they are in (name, closed, when
 * they joined) and every message they wrote in them. And every message they wrote in activity
 * threads, their "who may start a conversation" setting, and when they met someone at an
 * activity: the times only, not whom (the check-in was the host's act too, and the export is not a
 * list of the people someone met; their conversations already name those they talk with).
 */
export async function exportMyData(
  core: Pick<MessagingCore, 'exports'>,
  { user }: RouteInput<typeof exportMessagingDataRoute>,
): Promise<RouteOutput<typeof exportMessagingDataRoute>> {
  const part = await core.exports.partOf(user.id);
  return {
    conversations: part.conversations,
    activityThreadMessages: part.activityThreadMessages,
    circleThreads: part.circleThreads,
    circleThreadMessages: part.circleThreadMessages,
    messageSettings: { whoMayStart: part.whoMayStart },
    metAtActivities: part.metTimes.map((at) => ({ metAt: asDate(at).toISOString() })),
  };
}
