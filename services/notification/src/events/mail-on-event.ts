import type { EventDefinition, EventEnvelope } from '@saathi/contracts';
import type { ServiceDeps } from '@saathi/platform';
import type { z } from 'zod';
import type { Config } from '../config';
import type { MailContent } from '../domain/mail-templates';
import { enqueueEmailOnce } from './enqueue-email';

/**
 * Subscribes a durable consumer that turns each event into one queued mail (job id = event id,
 * so a redelivered event never queues a second mail).
 */
export async function mailOnEvent<E extends EventDefinition>(
  deps: ServiceDeps<Config>,
  options: {
    durable: string;
    event: E;
    recipient(data: z.infer<E['data']>): string;
    compose(origin: string, data: z.infer<E['data']>): MailContent;
  },
): Promise<void> {
  await deps.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      const mail = options.compose(deps.config.PUBLIC_ORIGIN, envelope.data);
      await enqueueEmailOnce(deps, options.durable, envelope.id, {
        to: options.recipient(envelope.data),
        ...mail,
        dedupeKey: envelope.id,
      });
      deps.logger.info(
        { eventId: envelope.id, traceId: envelope.traceId, durable: options.durable },
        'mail queued',
      );
    },
  });
}
