import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import { consumeOnce } from '@saathi/platform';
import type { ServiceKit } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import { NotificationsRepository } from '../db/notifications-repository';
import { SCHEMA } from '../schema-name';

/** Subscribes a durable consumer that deletes the notifications about posts that are gone, once per event. */
export async function forgetPostsOn<E extends EventDefinition>(
  kit: ServiceKit<Config>,
  options: { durable: string; event: E; postIds(data: z.infer<E['data']>): readonly string[] },
): Promise<void> {
  await kit.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      await consumeOnce(kit.db.db, SCHEMA, options.durable, envelope, (tx) =>
        new NotificationsRepository(tx).deleteAboutPosts(options.postIds(envelope.data)),
      );
    },
  });
}
