// Issue 29: a failed mail job (a person's address and the mail) is kept at most a day, against the
// real BullMQ and Redis; other queues' failed jobs keep the week operators inspect them for.
import { randomUUID } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { QueueName } from '@saathi/contracts';
import { createLogger } from '../logging';
import { createBullQueue } from './bull-queue';
import { waitFor } from './job-queue.contract';
import { KEEP_FAILED } from './retention';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const logger = createLogger({ name: 'failed-mail-retention-test', level: 'silent' });
const prefix = `saathi-test-${randomUUID()}`;
const DAY_SECONDS = 24 * 60 * 60;

afterAll(async () => {
  const redis = new Redis(redisUrl);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
});

/** Makes a failed mail job look as if it failed a day and a minute ago (BullMQ reads both). */
async function failedADayAgo(redis: Redis, keyPrefix: string, jobId: string): Promise<void> {
  const dayAgo = Date.now() - (DAY_SECONDS + 60) * 1000;
  await redis.hset(`${keyPrefix}:${QueueName.email}:${jobId}`, 'finishedOn', dayAgo);
  await redis.zadd(`${keyPrefix}:${QueueName.email}:failed`, dayAgo, jobId);
}

const mail = (to: string) => ({ to, subject: 'Hello', text: 'Hi', dedupeKey: randomUUID() });

describe('failed mail jobs', () => {
  it('are kept at most a day: an older one is gone at the next failure, with its address', async () => {
    const queue = createBullQueue({ redisUrl, prefix, logger });
    const raw = new Queue(QueueName.email, { connection: { url: redisUrl }, prefix });
    const redis = new Redis(redisUrl);
    try {
      await queue.process(QueueName.email, () => Promise.reject(new Error('smtp down')));
      await queue.add(QueueName.email, mail('first@example.com'), { jobId: 'first' });
      await waitFor(async () => (await raw.getFailedCount()) === 1);
      const [first] = await raw.getFailed();
      expect(first!.opts.removeOnFail).toMatchObject({ age: DAY_SECONDS });
      expect(first!.data).toMatchObject({ to: 'first@example.com' });

      await failedADayAgo(redis, prefix, first!.id!);
      await queue.add(QueueName.email, mail('second@example.com'), { jobId: 'second' });
      await waitFor(async () => (await raw.getJob('second'))?.failedReason !== undefined);
      await waitFor(async () => (await raw.getJob(first!.id!)) === undefined);
      const kept = await raw.getFailed();
      expect(kept.map((job) => (job.data as { to: string }).to)).toEqual(['second@example.com']);
      const stored = await redis.keys(`${prefix}:${QueueName.email}:*`);
      for (const key of stored)
        if ((await redis.type(key)) === 'hash')
          expect(JSON.stringify(await redis.hgetall(key))).not.toContain('first@example.com');
    } finally {
      await queue.close();
      await raw.close();
      redis.disconnect();
    }
  }, 30_000);

  it('are swept at the day even when no other mail fails after them', async () => {
    const sweptPrefix = `${prefix}-swept`;
    const queue = createBullQueue({ redisUrl, prefix: sweptPrefix, logger, failedSweepEveryMs: 200 });
    const raw = new Queue(QueueName.email, { connection: { url: redisUrl }, prefix: sweptPrefix });
    const redis = new Redis(redisUrl);
    try {
      await queue.process(QueueName.email, () => Promise.reject(new Error('smtp down')));
      await queue.add(QueueName.email, mail('lone@example.com'), { jobId: 'lone' });
      await queue.add(QueueName.email, mail('recent@example.com'), { jobId: 'recent' });
      await waitFor(async () => (await raw.getFailedCount()) === 2);

      // Nothing fails after the lone one.
      await failedADayAgo(redis, sweptPrefix, 'lone');

      await waitFor(async () => (await raw.getJob('lone')) === undefined);
      const kept = await raw.getFailed();
      expect(kept.map((job) => (job.data as { to: string }).to)).toEqual(['recent@example.com']);
    } finally {
      await queue.close();
      await raw.close();
      redis.disconnect();
    }
  }, 30_000);

  it('leave other queues’ failed jobs to the usual week', async () => {
    const queue = createBullQueue({ redisUrl, prefix: `${prefix}-other`, logger });
    const raw = new Queue(QueueName.postExpiry, { connection: { url: redisUrl }, prefix: `${prefix}-other` });
    try {
      await queue.process(QueueName.postExpiry, () => Promise.reject(new Error('db down')));
      await queue.add(QueueName.postExpiry, {}, { jobId: 'expiry' });
      await waitFor(async () => (await raw.getFailedCount()) === 1);
      const [failed] = await raw.getFailed();
      expect(failed!.opts.removeOnFail).toMatchObject({ age: KEEP_FAILED.ageSeconds });
    } finally {
      await queue.close();
      await raw.close();
    }
  }, 30_000);
});
