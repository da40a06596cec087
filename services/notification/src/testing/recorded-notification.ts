import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { EventData, EventDefinition, EventEnvelope } from '@saathi/contracts';
import { createLogger, createMemoryBus, createMemoryQueue } from '@saathi/platform';
import type { Mailer } from '@saathi/platform';
import { waitFor } from '@saathi/platform/testing';
import type { TestClock } from '@saathi/platform/testing';
import { recordingQueue } from './recording-queue';
import type { QueuedJob } from './recording-queue';
import { startTestNotification } from './test-notification';
import type { TestNotification } from './test-notification';

/**
 * Notification on the in-process bus with every queued job recorded and a mailer that sends
 * nowhere: for tests that say what a consumer wrote and queued, not what a worker delivered.
 */
export async function startRecordedNotification(
  name: string,
  clock: TestClock,
): Promise<{ notification: TestNotification; queued: QueuedJob[] }> {
  const logger = createLogger({ name, level: 'silent' });
  const mailer: Mailer = {
    kind: 'file',
    send: () => Promise.resolve({ messageId: randomUUID() }),
    ping: () => Promise.resolve(),
    close: () => Promise.resolve(),
  };
  const recording = recordingQueue(createMemoryQueue({ logger }));
  const notification = await startTestNotification({
    bus: createMemoryBus({ logger }),
    queue: recording.queue,
    mailer,
    clock,
  });
  return { notification, queued: recording.added };
}

/** Publishes as of `occurredAt` and waits until `consumers` consumers have handled it (inbox). */
export async function publishHandled<E extends EventDefinition>(
  notification: TestNotification,
  event: E,
  data: EventData<E>,
  occurredAt: Date,
  consumers = 1,
): Promise<EventEnvelope<EventData<E>>> {
  const envelope = await notification.publish(event, data, occurredAt);
  await waitFor(
    async () =>
      (await notification.rows(sql`select 1 from notification.inbox where event_id = ${envelope.id}::uuid`))
        .length >= consumers,
    10_000,
    `${event.type} handled`,
  );
  return envelope;
}
