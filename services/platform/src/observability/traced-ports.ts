/**
 * When spans are exported, every event a consumer handles and every job a worker runs gets a
 * span in the trace that caused it. Wrapping the ports keeps the buses and queues themselves
 * free of tracing, and adds nothing at all when tracing is off.
 */
import type { EventBus, JobQueue } from '../ports';
import { inSpan, tracingEnabled } from './tracing';

export function traceConsumers(bus: EventBus): EventBus {
  if (!tracingEnabled()) return bus;
  return Object.assign(Object.create(bus) as EventBus, {
    subscribe: ((options) =>
      bus.subscribe({
        ...options,
        handle: (envelope) =>
          inSpan(
            `event ${options.event.type}`,
            {
              traceId: envelope.traceId,
              kind: 'consumer',
              attributes: {
                'messaging.consumer.group.name': options.durable,
                'saathi.event.id': envelope.id,
              },
            },
            () => options.handle(envelope),
          ),
      })) satisfies EventBus['subscribe'],
  });
}

export function traceWorkers(queue: JobQueue): JobQueue {
  if (!tracingEnabled()) return queue;
  return Object.assign(Object.create(queue) as JobQueue, {
    process: ((name, handler, options) =>
      queue.process(
        name,
        (job) =>
          inSpan(
            `job ${name}`,
            {
              traceId: job.traceId ?? '',
              kind: 'consumer',
              attributes: { 'saathi.job.id': job.id, 'saathi.job.attempt': job.attemptsMade },
            },
            () => handler(job),
          ),
        options,
      )) satisfies JobQueue['process'],
  });
}
