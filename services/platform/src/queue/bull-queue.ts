import { Queue, UnrecoverableError, Worker } from 'bullmq';
import type { Job, JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { jobSchemas } from '@saathi/contracts';
import type { JobData, QueueName } from '@saathi/contracts';
import type { Logger } from '../logging';
import type { AddJobOptions, JobContext, JobQueue } from '../ports';
import { decodeJobId, encodeJobId } from './job-id';
import {
  DEFAULT_BACKOFF_MS,
  FAILED_SWEEP_EVERY_MS,
  hasShortFailedRetention,
  KEEP_COMPLETED,
  KEEP_FAILED,
  keepFailedOf,
} from './retention';
import { asQueueUnavailable, QueueUnavailableError } from './unavailable';

export interface BullQueueOptions {
  redisUrl: string;
  /** Redis key namespace; tests use a unique one per file so runs never see each other's jobs. */
  prefix?: string;
  logger: Logger;
  /**
   * How long a job stays locked to the worker running it (renewed at half of it while it runs).
   * A worker that dies holds its jobs this long; they are then taken up again at the next
   * stalled-job check, made just as often. Default 30 000 (BullMQ's).
   */
  lockDurationMs?: number;
  /** How often a worker sweeps failed jobs that must go within a day (retention.ts); tests shorten it. */
  failedSweepEveryMs?: number;
}

const PING_TIMEOUT_MS = 2_000;

/**
 * Longest wait for Redis to take a job before the add fails with QueueUnavailableError. A
 * healthy Redis answers in milliseconds; an event consumer holds its inbox transaction while it
 * waits, and the bus's ack wait is 30 s by default. Only a queue made while Redis is away, or a command
 * already sent when the link broke, waits this long: a connected-then-lost queue refuses at once.
 */
const REDIS_WAIT_MS = 5_000;

/**
 * How often a job may be taken from a worker that died before it is failed as the crash's
 * cause. BullMQ's 1 fails a job caught by two crashes (rolling restarts, an OOM-killed pod
 * twice in a row) for good, unsent; our jobs are idempotent, so they may run again.
 */
const MAX_STALLED_COUNT = 5;

const traceOfJobName = (jobName: string): string | undefined => {
  const at = jobName.indexOf('@');
  return at === -1 ? undefined : jobName.slice(at + 1);
};

/** BullMQ trims by age in whole seconds, when a job finishes (its own option applies). */
function keepSeconds(keep: { ageSeconds: number }, options: AddJobOptions): number {
  if (options.retainForMs === undefined) return keep.ageSeconds;
  return Math.max(1, Math.min(keep.ageSeconds, Math.ceil(options.retainForMs / 1000)));
}

export function createBullQueue({
  redisUrl,
  prefix = 'saathi',
  logger,
  lockDurationMs = 30_000,
  failedSweepEveryMs = FAILED_SWEEP_EVERY_MS,
}: BullQueueOptions): JobQueue {
  const log = logger.child({ component: 'bullmq' });
  const connection = { url: redisUrl };
  const queues = new Map<QueueName, Queue>();
  const workers = new Map<QueueName, Worker>();
  const sweeps: NodeJS.Timeout[] = [];
  let closing: Promise<void> | undefined;

  // Own connection so readiness checks answer even while workers are blocked on BZPOPMIN.
  const pingClient = new Redis(redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  let pingClientHealthy = true;
  pingClient.on('error', (error: Error) => {
    if (pingClientHealthy) log.warn({ err: error }, 'redis unreachable');
    pingClientHealthy = false;
  });
  pingClient.on('ready', () => {
    pingClientHealthy = true;
  });

  /**
   * The queues' connection, made with the first queue. Without its offline queue a command while
   * the link is down is refused at once, where BullMQ's own connection holds it until Redis is
   * back or ioredis gives up minutes later; ioredis's reconnect delay (at most 2 s, BullMQ's
   * grows to 20 s) brings the queues back soon after Redis. It is ours to close: BullMQ closes
   * its own with QUIT, which such a client refuses while the link is down, and it then goes on
   * reconnecting forever. Workers keep BullMQ's connections, which must queue offline.
   */
  let queueClient: Redis | undefined;
  let queueClientHealthy = true;
  function sharedQueueClient(): Redis {
    if (!queueClient) {
      queueClient = new Redis(redisUrl, { enableOfflineQueue: false });
      queueClient.on('error', (error: Error) => {
        if (queueClientHealthy) log.warn({ err: error }, 'job queues cannot reach redis');
        queueClientHealthy = false;
      });
      queueClient.on('ready', () => {
        queueClientHealthy = true;
      });
    }
    return queueClient;
  }

  function queueFor(name: QueueName): Queue {
    let queue = queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: sharedQueueClient(), prefix });
      // Each queue hears every error of the shared link: one warning per outage is enough.
      queue.on('error', (error: Error) => {
        if (queueClientHealthy) log.error({ err: error, queue: name }, 'queue error');
      });
      queues.set(name, queue);
    }
    return queue;
  }

  function assertOpen(): void {
    if (closing) throw new Error('job queue is closed');
  }

  /** Runs a call to Redis, failing with QueueUnavailableError when Redis is away or too slow. */
  async function reachRedis<T>(call: () => Promise<T>): Promise<T> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () => reject(new QueueUnavailableError(`redis did not answer within ${REDIS_WAIT_MS} ms`)),
        REDIS_WAIT_MS,
      );
    });
    try {
      return await Promise.race([call(), timeout]);
    } catch (error) {
      throw asQueueUnavailable(error);
    } finally {
      clearTimeout(timer);
    }
  }

  return {
    kind: 'bullmq',

    async add<N extends QueueName>(name: N, data: JobData<N>, options: AddJobOptions = {}): Promise<void> {
      assertOpen();
      const parsed = jobSchemas[name].parse(data);
      const attempts = options.attempts ?? 1;
      const jobOptions: JobsOptions = {
        attempts,
        backoff:
          attempts > 1 ? { type: 'exponential', delay: options.backoffMs ?? DEFAULT_BACKOFF_MS } : undefined,
        removeOnComplete: { age: keepSeconds(KEEP_COMPLETED, options), count: KEEP_COMPLETED.count },
        removeOnFail: { age: keepSeconds(keepFailedOf(name), options), count: KEEP_FAILED.count },
      };
      const queue = queueFor(name);

      if (options.repeatEveryMs !== undefined) {
        // Upsert: every process may declare the schedule at start; Redis keeps exactly one.
        const schedulerId = encodeJobId(options.jobId ?? name);
        const startDate = options.delayMs ? Date.now() + options.delayMs : undefined;
        await reachRedis(() =>
          queue.upsertJobScheduler(
            schedulerId,
            { every: options.repeatEveryMs, ...(startDate ? { startDate } : {}) },
            { name, data: parsed, opts: jobOptions },
          ),
        );
        return;
      }

      // The job's name carries its trace (BullMQ keeps it with the job; one queue holds one job type).
      await reachRedis(() =>
        queue.add(options.traceId ? `${name}@${options.traceId}` : name, parsed, {
          ...jobOptions,
          ...(options.jobId !== undefined ? { jobId: encodeJobId(options.jobId) } : {}),
          ...(options.delayMs ? { delay: options.delayMs } : {}),
        }),
      );
    },

    process<N extends QueueName>(
      name: N,
      handler: (job: JobContext<N>) => Promise<void>,
      options: { concurrency?: number } = {},
    ): Promise<void> {
      assertOpen();
      if (workers.has(name)) return Promise.reject(new Error(`a processor for "${name}" is already running`));

      const worker = new Worker(
        name,
        async (job: Job) => {
          const result = jobSchemas[name].safeParse(job.data);
          if (!result.success) {
            // Retrying cannot fix a payload; fail for good so it is visible, not looping.
            throw new UnrecoverableError(`invalid ${name} job data: ${result.error.message}`);
          }
          const traceId = traceOfJobName(job.name);
          await handler({
            id: decodeJobId(job.id ?? ''),
            name,
            data: result.data as JobData<N>,
            attemptsMade: job.attemptsMade,
            ...(traceId ? { traceId } : {}),
          });
        },
        {
          connection,
          prefix,
          concurrency: options.concurrency ?? 1,
          lockDuration: lockDurationMs,
          stalledInterval: lockDurationMs,
          maxStalledCount: MAX_STALLED_COUNT,
        },
      );
      worker.on('error', (error: Error) => log.error({ err: error, queue: name }, 'worker error'));
      worker.on('completed', (job: Job) => {
        log.info(
          {
            queue: name,
            jobId: job.id,
            traceId: traceOfJobName(job.name),
            ms: job.finishedOn && job.processedOn ? job.finishedOn - job.processedOn : undefined,
          },
          'job done',
        );
      });
      worker.on('failed', (job: Job | undefined, error: Error) => {
        const final =
          !job || job.attemptsMade >= (job.opts.attempts ?? 1) || error instanceof UnrecoverableError;
        log[final ? 'error' : 'warn'](
          {
            err: error,
            queue: name,
            jobId: job?.id,
            attemptsMade: job?.attemptsMade,
            traceId: job ? traceOfJobName(job.name) : undefined,
          },
          final ? 'job failed for good' : 'job attempt failed; will retry',
        );
      });
      workers.set(name, worker);
      if (hasShortFailedRetention(name)) {
        const graceMs = Math.max(0, keepFailedOf(name).ageSeconds * 1000 - failedSweepEveryMs);
        const sweep = setInterval(() => {
          queueFor(name)
            .clean(graceMs, 1_000, 'failed')
            .catch((error: unknown) => log.warn({ err: error, queue: name }, 'failed-job sweep failed'));
        }, failedSweepEveryMs);
        sweep.unref();
        sweeps.push(sweep);
      }
      return worker.waitUntilReady().then(() => undefined);
    },

    async counts(name: QueueName) {
      const counts = await reachRedis(() =>
        queueFor(name).getJobCounts('waiting', 'active', 'delayed', 'failed'),
      );
      return {
        waiting: counts['waiting'] ?? 0,
        active: counts['active'] ?? 0,
        delayed: counts['delayed'] ?? 0,
        failed: counts['failed'] ?? 0,
      };
    },

    async ping(): Promise<void> {
      if (pingClient.status === 'wait') await pingClient.connect();
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('redis ping timed out')), PING_TIMEOUT_MS);
      });
      try {
        await Promise.race([pingClient.ping(), timeout]);
      } finally {
        clearTimeout(timer);
      }
    },

    close(): Promise<void> {
      closing ??= (async () => {
        for (const sweep of sweeps) clearInterval(sweep);
        // Workers first: Worker.close() lets running jobs finish before it returns.
        await Promise.allSettled([...workers.values()].map((worker) => worker.close()));
        await Promise.allSettled([...queues.values()].map((queue) => queue.close()));
        queueClient?.disconnect();
        pingClient.disconnect();
      })();
      return closing;
    },
  };
}
