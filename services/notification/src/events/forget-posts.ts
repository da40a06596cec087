import type { EventDefinition } from '@saathi/contracts';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { endActivities } from '../use-cases/activity-notices';
import { createNotificationCore } from '../use-cases/notification-core';
import { consumeWithEvents } from './consume-with-events';

/**
 * Subscribes a durable consumer for posts that are gone, once per event: their notifications go
 * (they would open nothing), and the activities among them are over — with `askForFeedback`
 * (expiry: the activity is done), their people are asked how it went, after the delete.
 */
export async function forgetPostsOn<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: {
    durable: string;
    event: E;
    postIds(data: z.infer<E['data']>): readonly string[];
    askForFeedback: boolean;
  },
): Promise<void> {
  const core = createNotificationCore(kit);
  await consumeWithEvents(kit, {
    durable: options.durable,
    event: options.event,
    handle: async (tx, emit, envelope) => {
      const postIds = options.postIds(envelope.data);
      await core.notifications.with(tx).deleteAboutPosts(postIds);
      await endActivities(core, tx, emit, postIds, new Date(envelope.occurredAt), options.askForFeedback);
    },
  });
}
