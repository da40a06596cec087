import { randomUUID } from 'node:crypto';
import { Queue, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { isOutage } from '../events/backoff';
import { createApp } from '../http/create-app';
import { createLogger } from '../logging';
import { startRedisServer } from '../testing/redis-server';
import { createBullQueue } from './bull-queue';
import { describeJobQueueContract, waitFor } from './job-queue.contract';
import { createMemoryQueue } from './memory-queue';
import { QueueUnavailableError } from './unavailable';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger({ name: 'job-queue-test', level: 'silent' });
// One namespace per file run, one sub-namespace per queue so a repeat schedule left in Redis
// by one test can never feed jobs to the next test's worker.
const filePrefix = `saathi-test-${randomUUID()}`;
let queueCount = 0;
const nextPrefix = () => `${filePrefix}-${++queueCount}`;

afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${filePrefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

describeJobQueueContract('memory', () => createMemoryQueue({ logger }));
describeJobQueueContract('bullmq', () => createBullQueue({ redisUrl, prefix: nextPrefix(), logger }));

describe('bullmq adapter', () => {
  it('runs a job again after two workers died running it (BullMQ alone fails it, unrun)', async () => {
    const prefix = nextPrefix();
    const connection = { url: redisUrl };
    const raw = new Queue('post-expiry', { connection, prefix });
    await raw.add('post-expiry', {});
    // A worker that takes the job and dies with it: no completion, no lock renewal.
    const dieWithTheJob = async () => {
      let took!: () => void;
      const taken = new Promise<void>((resolve) => (took = resolve));
      const worker = new Worker(
        'post-expiry',
        () => {
          took();
          return new Promise<void>(() => undefined);
        },
        { connection, prefix, lockDuration: 1_000, stalledInterval: 300 },
      );
      await taken;
      await worker.close(true);
    };
    await dieWithTheJob();
    // The second one first takes the stalled job up again (its first stall), then dies too.
    await dieWithTheJob();

    const queue = createBullQueue({ redisUrl, prefix, logger, lockDurationMs: 1_000 });
    let runs = 0;
    await queue.process('post-expiry', () => {
      runs += 1;
      return Promise.resolve();
    });
    await waitFor(async () => (await raw.getCompletedCount()) === 1, 15_000);
    expect(runs).toBe(1);
    expect(await raw.getFailedCount()).toBe(0);
    await queue.close();
    await raw.close();
  }, 30_000);

  it('fails a job with invalid stored data once, without retrying', async () => {
    const prefix = nextPrefix();
    // A payload written by an older producer, bypassing add()'s validation.
    const raw = new Queue('email', { connection: { url: redisUrl }, prefix });
    await raw.add('email', { to: 'nobody' }, { attempts: 3, backoff: { type: 'fixed', delay: 10 } });
    const queue = createBullQueue({ redisUrl, prefix, logger });
    let calls = 0;
    await queue.process('email', () => {
      calls += 1;
      return Promise.resolve();
    });
    await waitFor(async () => (await raw.getFailedCount()) === 1);
    const [failed] = await raw.getFailed();
    await queue.close();
    await raw.close();
    expect(failed!.attemptsMade).toBe(1);
    expect(failed!.failedReason).toMatch(/invalid email job data/);
    expect(calls).toBe(0);
  });

  it('refuses an add at once, as an outage (503 to a request), once its Redis is gone', async () => {
    const redis = await startRedisServer();
    const queue = createBullQueue({ redisUrl: redis.url, prefix: nextPrefix(), logger });
    try {
      await queue.add('email', { to: 'a@example.com', subject: 'Hi', text: 'Hello', dedupeKey: 'k' });
      await redis.stop();
      // "Connected, then lost": the clients must have seen the link close. An add sent in the
      // moment before they do goes out on the dead socket and waits for the 5 s bound, as
      // documented; on a busy machine that moment can outlast redis.stop(), so wait for a ping to
      // fail first.
      for (
        let tries = 0;
        tries < 100 &&
        (await queue.ping().then(
          () => true,
          () => false,
        ));
        tries++
      )
        await new Promise((resolve) => setTimeout(resolve, 20));
      const started = performance.now();
      const error: unknown = await queue
        .add('email', { to: 'b@example.com', subject: 'Hi', text: 'Hello', dedupeKey: 'k2' })
        .catch((caught: unknown) => caught);
      // At once, not after the 5 s bound (the margin is for a loaded machine's event loop).
      expect(performance.now() - started).toBeLessThan(2_500);
      expect(error).toBeInstanceOf(QueueUnavailableError);
      expect(isOutage(error)).toBe(true);
      // A request that queues a job meanwhile answers 503 JSON, as during a database outage.
      const app = await createApp({ name: 'queue-test', logLevel: 'silent', readiness: {} });
      app.post('/export', async () => {
        await queue.add('email', { to: 'd@example.com', subject: 'Hi', text: 'Hello', dedupeKey: 'k4' });
        return { queued: true };
      });
      const response = await app.inject({ method: 'POST', url: '/export' });
      await app.close();
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        message: 'Service temporarily unavailable, try again shortly',
        code: 'QUEUE_UNAVAILABLE',
      });
    } finally {
      await queue.close();
      await redis.stop();
    }
  });

  it('gives up on an add within a bounded wait when Redis was never reachable', async () => {
    const queue = createBullQueue({ redisUrl: 'redis://127.0.0.1:1', prefix: nextPrefix(), logger });
    const started = performance.now();
    await expect(
      queue.add('email', { to: 'c@example.com', subject: 'Hi', text: 'Hello', dedupeKey: 'k3' }),
    ).rejects.toBeInstanceOf(QueueUnavailableError);
    // BullMQ alone waits for the first connection for as long as it takes.
    expect(performance.now() - started).toBeLessThan(7_000);
    await queue.close();
  });

  it('rejects ping when Redis is unreachable', async () => {
    const queue = createBullQueue({ redisUrl: 'redis://127.0.0.1:1', prefix: nextPrefix(), logger });
    await expect(queue.ping()).rejects.toThrow();
    await queue.close();
  });
});
