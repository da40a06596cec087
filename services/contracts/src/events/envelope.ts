import { z } from 'zod';

/** Every event on the bus travels in this envelope (docs/decisions.md#events-outbox-relay-inbox). */
export const eventEnvelopeSchema = z.object({
  id: z.uuid(),
  type: z.string().min(1),
  version: z.number().int().positive(),
  occurredAt: z.iso.datetime({ offset: true }),
  data: z.unknown(),
  traceId: z.string().min(1),
});
export type EventEnvelope<D = unknown> = Omit<z.infer<typeof eventEnvelopeSchema>, 'data'> & { data: D };

/**
 * A versioned event: subject `<service>.<entity>.<verb>.v<N>` (or `<service>.<entity>.<part>.<verb>.v<N>`,
 * e.g. `feed.circle.member.joined.v1`) and its payload schema.
 * Subjects are added, never renamed — a new shape gets `.v2` beside `.v1`.
 */
export interface EventDefinition<T extends string = string, S extends z.ZodType = z.ZodType> {
  type: T;
  version: number;
  /** The owning service, i.e. the first subject token; it names the JetStream stream. */
  service: string;
  data: S;
}

export function defineEvent<T extends string, S extends z.ZodType>(type: T, data: S): EventDefinition<T, S> {
  const match = /^([a-z]+)\.[a-z_]+(?:\.[a-z_]+)?\.[a-z_]+\.v(\d+)$/.exec(type);
  const [, service, version] = match ?? [];
  if (!service || !version)
    throw new Error(`event type ${type} does not follow <service>.<entity>.<verb>.v<N>`);
  return { type, version: Number(version), service, data };
}

export type EventData<E extends EventDefinition> = z.infer<E['data']>;
