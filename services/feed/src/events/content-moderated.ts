import {
  contentHiddenV1,
  contentRemovedV1,
  contentUnhiddenV1,
  photoRemovedV1,
  reportDismissedV1,
} from '@saathi/contracts';
import { subscribeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { Config } from '../config';
import { PostPhotosRepository } from '../db/post-photos-repository';
import { isFeedContent, SafetyRepository } from '../db/safety-repository';
import { SCHEMA } from '../db/schema-name';
import { applySafetyFrom } from './apply-safety';

/**
 * Moderation's decisions on posts, comments, daily answers and circles: hidden until reviewed
 * (enough reports), removed by an admin, or shown again when the reports were dismissed or
 * withdrawn (unhidden), or one photo taken off a post that stays. Messages are messaging's. Hiding or removing an occurrence of a weekly activity also stops its series
 * (SafetyRepository.moderate).
 */
export async function subscribeContentModerated(kit: ServiceKit<Config>): Promise<void> {
  await applySafetyFrom(kit, {
    durable: 'feed.content-hidden',
    event: contentHiddenV1,
    apply: async (safety, { targetKind, targetId }, envelope) => {
      if (isFeedContent(targetKind))
        await safety.moderate(targetKind, targetId, 'hidden', new Date(envelope.occurredAt));
    },
  });
  await applySafetyFrom(kit, {
    durable: 'feed.content-removed',
    event: contentRemovedV1,
    apply: async (safety, { targetKind, targetId }, envelope) => {
      if (isFeedContent(targetKind))
        await safety.moderate(targetKind, targetId, 'removed', new Date(envelope.occurredAt));
    },
  });
  await applySafetyFrom(kit, {
    durable: 'feed.report-dismissed',
    event: reportDismissedV1,
    apply: async (safety, { targetKind, targetId }) => {
      if (isFeedContent(targetKind)) await safety.unhide(targetKind, targetId);
    },
  });
  await applySafetyFrom(kit, {
    durable: 'feed.content-unhidden',
    event: contentUnhiddenV1,
    apply: async (safety, { targetKind, targetId }) => {
      if (isFeedContent(targetKind)) await safety.unhide(targetKind, targetId);
    },
  });
  // One photo off a reported post: the photo and its bytes go, and the post, kept, shows again
  // as after a dismissal. Once per event (inbox); a photo already gone changes nothing.
  await subscribeOnce(kit, SCHEMA, {
    durable: 'feed.photo-removed',
    event: photoRemovedV1,
    repository: (tx) => ({ photos: new PostPhotosRepository(tx), safety: new SafetyRepository(tx) }),
    apply: async ({ photos, safety }, { postId, photoId }) => {
      await photos.removeFromPost(postId, photoId);
      await safety.unhide('post', postId);
    },
  });
}
