import { randomUUID } from 'node:crypto';
import { jobSchemas } from '@saathi/contracts';
import type { JobData, QueueName } from '@saathi/contracts';
import type { Logger } from '../logging';
import type { AddJobOptions, JobContext, JobQueue } from '../ports';
import { backoffDelay, DEFAULT_BACKOFF_MS, KEEP_COMPLETED, KEEP_FAILED, keepFailedOf } from './retention';

export interface MemoryQueueOptions {
  logger: Logger;
}

type JobState = 'delayed' | 'waiting' | 'active' | 'completed' | 'failed';

interface MemoryJob {
  id: string;
  queue: QueueName;
  data: unknown;
  attempts: number;
  backoffMs: number;
  attemptsMade: number;
  state: JobState;
  finishedAt?: number;
  /** A shorter retention than the default, for this job only. */
  retainForMs?: number;
  traceId?: string;
}

type Handler = (job: JobContext<QueueName>) => Promise<void>;

interface Lane {
  handler?: Handler;
  concurrency: number;
  active: number;
  waiting: MemoryJob[];
}

/**
 * The embedded mode's queue: BullMQ's semantics in one process (asynchronous, delays,
 * exponential retries, repeat schedules, de-dup by id while a job is retained). Jobs live in
 * memory, so waiting jobs do not survive a restart — acceptable for the single-process mode.
 */
export function createMemoryQueue({ logger }: MemoryQueueOptions): JobQueue {
  const log = logger.child({ component: 'memory-queue' });
  const lanes = new Map<QueueName, Lane>();
  const jobs = new Map<string, MemoryJob>();
  const timers = new Set<NodeJS.Timeout>();
  const schedules = new Map<string, NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let closed = false;

  function lane(name: QueueName): Lane {
    let found = lanes.get(name);
    if (!found) {
      found = { concurrency: 1, active: 0, waiting: [] };
      lanes.set(name, found);
    }
    return found;
  }

  function later(ms: number, fn: () => void): void {
    const timer = setTimeout(() => {
      timers.delete(timer);
      fn();
    }, ms);
    timers.add(timer);
  }

  // Jobs and schedules are keyed per queue, as in Redis where each queue has its own keys.
  const key = (name: QueueName, id: string) => `${name}\u0000${id}`;

  /** Forgets finished jobs past their retention, which is what re-opens their id. */
  function trim(now: number): void {
    for (const state of ['completed', 'failed'] as const) {
      const keep = state === 'completed' ? KEEP_COMPLETED : KEEP_FAILED;
      const finished = [...jobs.entries()].filter(([, job]) => job.state === state);
      const excess = finished.length - keep.count;
      finished.forEach(([jobKey, job], index) => {
        const age = state === 'completed' ? keep.ageSeconds : keepFailedOf(job.queue).ageSeconds;
        const keepMs = Math.min(age * 1000, job.retainForMs ?? Infinity);
        if (index < excess || now - (job.finishedAt ?? now) > keepMs) jobs.delete(jobKey);
      });
    }
  }

  function enqueue(job: MemoryJob, delayMs: number): void {
    if (delayMs > 0) {
      job.state = 'delayed';
      later(delayMs, () => {
        job.state = 'waiting';
        lane(job.queue).waiting.push(job);
        pump(job.queue);
      });
      return;
    }
    job.state = 'waiting';
    lane(job.queue).waiting.push(job);
    // Never run inside add(): callers must not depend on a job having run when add resolves.
    setImmediate(() => pump(job.queue));
  }

  function pump(name: QueueName): void {
    const current = lane(name);
    while (!closed && current.handler && current.active < current.concurrency) {
      const job = current.waiting.shift();
      if (!job) break;
      const run = execute(job, current.handler, current).finally(() => running.delete(run));
      running.add(run);
    }
  }

  async function execute(job: MemoryJob, handler: Handler, current: Lane): Promise<void> {
    job.state = 'active';
    current.active += 1;
    try {
      // A structured clone stands in for the JSON round trip through Redis.
      const data = jobSchemas[job.queue].parse(structuredClone(job.data)) as JobData<QueueName>;
      await handler({
        id: job.id,
        name: job.queue,
        data,
        attemptsMade: job.attemptsMade,
        ...(job.traceId ? { traceId: job.traceId } : {}),
      });
      log.info({ queue: job.queue, jobId: job.id, traceId: job.traceId }, 'job done');
      job.state = 'completed';
      job.finishedAt = Date.now();
    } catch (error) {
      job.attemptsMade += 1;
      if (job.attemptsMade < job.attempts && !closed) {
        log.warn(
          { err: error, queue: job.queue, jobId: job.id, attemptsMade: job.attemptsMade },
          'job attempt failed; will retry',
        );
        enqueue(job, backoffDelay(job.backoffMs, job.attemptsMade));
      } else {
        log.error(
          { err: error, queue: job.queue, jobId: job.id, attemptsMade: job.attemptsMade },
          'job failed for good',
        );
        job.state = 'failed';
        job.finishedAt = Date.now();
      }
    } finally {
      current.active -= 1;
      trim(Date.now());
      pump(job.queue);
    }
  }

  function addOnce(name: QueueName, data: unknown, id: string, options: AddJobOptions): void {
    trim(Date.now());
    if (jobs.has(key(name, id))) return;
    const attempts = options.attempts ?? 1;
    const job: MemoryJob = {
      id,
      queue: name,
      data,
      attempts,
      backoffMs: options.backoffMs ?? DEFAULT_BACKOFF_MS,
      attemptsMade: 0,
      state: 'waiting',
      ...(options.retainForMs !== undefined ? { retainForMs: options.retainForMs } : {}),
      ...(options.traceId ? { traceId: options.traceId } : {}),
    };
    jobs.set(key(name, id), job);
    enqueue(job, options.delayMs ?? 0);
  }

  function schedule(
    name: QueueName,
    data: unknown,
    options: AddJobOptions & { repeatEveryMs: number },
  ): void {
    const scheduleKey = key(name, options.jobId ?? name);
    // Upsert, like BullMQ's job schedulers: declaring the schedule again replaces it.
    const previous = schedules.get(scheduleKey);
    if (previous) clearTimeout(previous);
    const every = options.repeatEveryMs;
    const fire = (at: number) => {
      const timer = setTimeout(
        () => {
          addOnce(name, data, `repeat:${options.jobId ?? name}:${at}`, { ...options, delayMs: 0 });
          fire(at + every);
        },
        Math.max(0, at - Date.now()),
      );
      schedules.set(scheduleKey, timer);
    };
    fire(Date.now() + (options.delayMs ?? 0));
  }

  return {
    kind: 'memory',

    add<N extends QueueName>(name: N, data: JobData<N>, options: AddJobOptions = {}): Promise<void> {
      if (closed) return Promise.reject(new Error('job queue is closed'));
      try {
        const parsed = jobSchemas[name].parse(data);
        if (options.repeatEveryMs !== undefined)
          schedule(name, parsed, { ...options, repeatEveryMs: options.repeatEveryMs });
        else addOnce(name, parsed, options.jobId ?? randomUUID(), options);
        return Promise.resolve();
      } catch (error) {
        return Promise.reject(error instanceof Error ? error : new Error(String(error)));
      }
    },

    process<N extends QueueName>(
      name: N,
      handler: (job: JobContext<N>) => Promise<void>,
      options: { concurrency?: number } = {},
    ): Promise<void> {
      if (closed) return Promise.reject(new Error('job queue is closed'));
      const current = lane(name);
      if (current.handler) return Promise.reject(new Error(`a processor for "${name}" is already running`));
      current.handler = handler as unknown as Handler;
      current.concurrency = options.concurrency ?? 1;
      setImmediate(() => pump(name));
      return Promise.resolve();
    },

    counts(name: QueueName) {
      const counts = { waiting: 0, active: 0, delayed: 0, failed: 0 };
      for (const job of jobs.values())
        if (job.queue === name && job.state in counts) counts[job.state as keyof typeof counts] += 1;
      return Promise.resolve(counts);
    },

    ping(): Promise<void> {
      return closed ? Promise.reject(new Error('job queue is closed')) : Promise.resolve();
    },

    async close(): Promise<void> {
      closed = true;
      for (const timer of [...timers, ...schedules.values()]) clearTimeout(timer);
      timers.clear();
      schedules.clear();
      const dropped = [...lanes.values()].reduce((sum, current) => sum + current.waiting.length, 0);
      if (dropped > 0)
        log.warn({ dropped }, 'closing with jobs still waiting; they are not kept across restarts');
      await Promise.allSettled([...running]);
    },
  };
}
