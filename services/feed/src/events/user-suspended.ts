import { userReinstatedV1, userSuspendedV1 } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { applySafetyFrom } from './apply-safety';

/**
 * moderation.user.suspended.v1 → the person's posts and comments leave the feed; and its undo,
 * moderation.user.reinstated.v1 → they come back. Two consumers, so each applies as of its
 * event's time (the later of a suspension and a reinstatement wins, whichever is handled last).
 */
export async function subscribeUserSuspended(kit: ServiceKit<Config>): Promise<void> {
  await applySafetyFrom(kit, {
    durable: 'feed.user-suspended',
    event: userSuspendedV1,
    apply: (safety, { userId }, envelope) => safety.hideAuthor(userId, new Date(envelope.occurredAt)),
  });
  await applySafetyFrom(kit, {
    durable: 'feed.user-reinstated',
    event: userReinstatedV1,
    apply: (safety, { userId }, envelope) => safety.showAuthor(userId, new Date(envelope.occurredAt)),
  });
}
