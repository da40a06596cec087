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
    /**
     * For a mail whose link carries a one-time token sealed by identity: the sealed token (the
     * job keeps it sealed; `compose` writes SEALED_TOKEN_PLACEHOLDER where it goes) and when the
     * link expires (the finished job is dropped by then).
     */
    sealed?(data: z.infer<E['data']>): { token: { purpose: string; value: string }; expiresAt: Date };
    /** Whether the event still calls for its mail; one that does not is acknowledged and dropped. */
    when?(envelope: EventEnvelope<z.infer<E['data']>>, now: Date): boolean;
  },
): Promise<void> {
  await deps.bus.subscribe({
    durable: options.durable,
    event: options.event,
    handle: async (envelope: EventEnvelope<z.infer<E['data']>>) => {
      if (options.when && !options.when(envelope, deps.clock.now())) {
        deps.logger.info(
          { eventId: envelope.id, traceId: envelope.traceId, durable: options.durable },
          'mail not due',
        );
        return;
      }
      const mail = options.compose(deps.config.PUBLIC_ORIGIN, envelope.data);
      const sealed = options.sealed?.(envelope.data);
      await enqueueEmailOnce(
        deps,
        options.durable,
        envelope.id,
        {
          to: options.recipient(envelope.data),
          ...mail,
          dedupeKey: envelope.id,
          ...(sealed ? { sealedToken: sealed.token } : {}),
        },
        sealed ? Math.max(1000, sealed.expiresAt.getTime() - deps.clock.now().getTime()) : undefined,
        envelope.traceId,
      );
      deps.logger.info(
        { eventId: envelope.id, traceId: envelope.traceId, durable: options.durable },
        'mail queued',
      );
    },
  });
}
