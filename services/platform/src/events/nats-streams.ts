import { nanos } from '@nats-io/nats-core';
import { JetStreamApiCodes, JetStreamApiError, StorageType, type JetStreamManager } from '@nats-io/jetstream';

/** One stream per owning service: `identity.>` is stored in `IDENTITY`. */
export function streamNameOf(service: string): string {
  return service.toUpperCase();
}

export function serviceOfType(type: string): string {
  return type.split('.')[0] ?? type;
}

/** NATS durable names may not contain `.`, which our `<service>.<handler>` names use. */
export function natsDurableName(durable: string): string {
  return durable.replace(/[.*>\s]/g, '_');
}

export function isApiError(err: unknown, code: number): boolean {
  return err instanceof JetStreamApiError && err.code === code;
}

export interface StreamSettings {
  /** How long the broker keeps events for durables that catch up late. */
  maxAgeMs: number;
  /** JetStream de-duplicates by Nats-Msg-Id within this window. */
  duplicateWindowMs: number;
}

/**
 * Creates the service's stream, or brings an existing one's subjects in line. Safe to race:
 * the server accepts an identical `add` twice.
 */
export async function ensureStream(
  jsm: JetStreamManager,
  service: string,
  settings: StreamSettings,
): Promise<void> {
  const name = streamNameOf(service);
  const subjects = [`${service}.>`];
  try {
    const info = await jsm.streams.info(name);
    if (info.config.subjects.join() !== subjects.join()) {
      await jsm.streams.update(name, { ...info.config, subjects });
    }
  } catch (err) {
    if (!isApiError(err, JetStreamApiCodes.StreamNotFound)) throw err;
    await jsm.streams.add({
      name,
      subjects,
      storage: StorageType.File,
      max_age: nanos(settings.maxAgeMs),
      duplicate_window: nanos(settings.duplicateWindowMs),
    });
  }
}
