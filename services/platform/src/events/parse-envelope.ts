import {
  eventEnvelopeSchema,
  type EventData,
  type EventDefinition,
  type EventEnvelope,
} from '@saathi/contracts';

export type ParsedEnvelope<E extends EventDefinition> =
  { ok: true; envelope: EventEnvelope<EventData<E>> } | { ok: false; reason: string };

/**
 * One envelope schema per event definition, made on first use: zod compiles a schema's parser
 * the first time it runs, so a schema made per event would be compiled again for every event
 * (it was the largest single cost of a consumer's handling).
 */
const envelopeSchemas = new WeakMap<EventDefinition, ReturnType<typeof envelopeSchemaOf>>();

function envelopeSchemaOf(def: EventDefinition) {
  return eventEnvelopeSchema.extend({ data: def.data });
}

/** Consumers never trust the wire: envelope and payload are validated against the definition. */
export function parseEnvelope<E extends EventDefinition>(def: E, raw: unknown): ParsedEnvelope<E> {
  let schema = envelopeSchemas.get(def);
  if (!schema) {
    schema = envelopeSchemaOf(def);
    envelopeSchemas.set(def, schema);
  }
  const result = schema.safeParse(raw);
  if (!result.success) return { ok: false, reason: result.error.message };
  if (result.data.type !== def.type)
    return { ok: false, reason: `type ${result.data.type} is not ${def.type}` };
  return { ok: true, envelope: result.data as EventEnvelope<EventData<E>> };
}

/** Reads a JSON message body; invalid JSON becomes a parse failure rather than an exception. */
export function parseEnvelopeJson<E extends EventDefinition>(def: E, json: string): ParsedEnvelope<E> {
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch (err) {
    return { ok: false, reason: `invalid JSON: ${(err as Error).message}` };
  }
  return parseEnvelope(def, raw);
}
