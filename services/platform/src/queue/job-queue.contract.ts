import { afterEach, describe, expect, it } from 'vitest';
import type { JobContext, JobQueue } from '../ports';

/**
 * One behaviour suite for every JobQueue adapter: the embedded queue must be a faithful
 * stand-in for BullMQ, or tests run in embedded mode would prove nothing about the cluster.
 */
export function describeJobQueueContract(adapter: string, createQueue: () => JobQueue): void {
  describe(`JobQueue contract: ${adapter}`, () => {
    const open: JobQueue[] = [];
    const make = () => {
      const queue = createQueue();
      open.push(queue);
      return queue;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((queue) => queue.close()));
    });

    const mail = (n = 1) => ({
      to: `user${n}@example.com`,
      subject: 'Hi',
      text: 'Hello',
      dedupeKey: `k${n}`,
    });

    it('runs jobs asynchronously, also ones added before a processor exists', async () => {
      const queue = make();
      await queue.add('email', mail(1));
      const seen: JobContext<'email'>[] = [];
      let returned = false;
      const done = new Promise<void>((resolve) => {
        void queue.process('email', (job) => {
          expect(returned).toBe(true);
          seen.push(job);
          if (seen.length === 2) resolve();
          return Promise.resolve();
        });
      });
      await queue.add('email', mail(2));
      returned = true;
      await done;
      expect(seen.map((job) => job.data.to).sort()).toEqual(['user1@example.com', 'user2@example.com']);
      expect(seen.every((job) => job.name === 'email' && job.attemptsMade === 0)).toBe(true);
    });

    it('honours a delay', async () => {
      const queue = make();
      const ranAt: number[] = [];
      await queue.process('email', () => {
        ranAt.push(Date.now());
        return Promise.resolve();
      });
      const addedAt = Date.now();
      await queue.add('email', mail(), { delayMs: 200 });
      await sleep(100);
      expect(ranAt).toHaveLength(0);
      await waitFor(() => ranAt.length === 1);
      expect(ranAt[0]! - addedAt).toBeGreaterThanOrEqual(190);
    });

    it('retries with exponential back-off until an attempt succeeds', async () => {
      const queue = make();
      const attempts: { at: number; attemptsMade: number }[] = [];
      await queue.process('email', (job) => {
        attempts.push({ at: Date.now(), attemptsMade: job.attemptsMade });
        return attempts.length < 3 ? Promise.reject(new Error('smtp down')) : Promise.resolve();
      });
      await queue.add('email', mail(), { attempts: 5, backoffMs: 100 });
      await waitFor(() => attempts.length === 3);
      expect(attempts.map((a) => a.attemptsMade)).toEqual([0, 1, 2]);
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(90);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(190);
      await sleep(400);
      expect(attempts).toHaveLength(3);
    });

    it('gives up after the allowed attempts', async () => {
      const queue = make();
      let calls = 0;
      await queue.process('email', () => {
        calls += 1;
        return Promise.reject(new Error('always'));
      });
      await queue.add('email', mail(), { attempts: 2, backoffMs: 50 });
      await waitFor(() => calls === 2);
      await sleep(300);
      expect(calls).toBe(2);
    });

    it('adds one job per job id, even after it completed, and keeps ids with colons intact', async () => {
      const queue = make();
      await queue.add('email', mail(1), { jobId: 'welcome:42' });
      await queue.add('email', mail(2), { jobId: 'welcome:42' });
      await queue.add('email', mail(3), { jobId: '42' });
      const seen: JobContext<'email'>[] = [];
      await queue.process('email', (job) => {
        seen.push(job);
        return Promise.resolve();
      });
      await waitFor(() => seen.length === 2);
      await queue.add('email', mail(4), { jobId: 'welcome:42' });
      await sleep(300);
      expect(seen.map((job) => [job.id, job.data.to])).toEqual([
        ['welcome:42', 'user1@example.com'],
        ['42', 'user3@example.com'],
      ]);
    });

    it('forgets a finished job kept for retainForMs once a later such job finishes', async () => {
      const queue = make();
      const seen: string[] = [];
      await queue.process('email', (job) => {
        seen.push(job.id);
        return Promise.resolve();
      });
      await queue.add('email', mail(1), { jobId: 'short-lived', retainForMs: 1000 });
      await waitFor(() => seen.length === 1);
      await sleep(1_200);
      await queue.add('email', mail(2), { jobId: 'later', retainForMs: 1000 });
      await waitFor(() => seen.length === 2);
      // Its id is free again: the first job (and its data) is gone from the queue.
      await queue.add('email', mail(3), { jobId: 'short-lived', retainForMs: 1000 });
      await waitFor(() => seen.length === 3);
      expect(seen).toEqual(['short-lived', 'later', 'short-lived']);
    });

    it('repeats a job until the queue is closed', async () => {
      const queue = make();
      let runs = 0;
      await queue.process('post-expiry', () => {
        runs += 1;
        return Promise.resolve();
      });
      await queue.add('post-expiry', {}, { jobId: 'expire-posts', repeatEveryMs: 100 });
      await waitFor(() => runs >= 3, 3_000);
      await queue.close();
      const afterClose = runs;
      await sleep(350);
      expect(runs).toBe(afterClose);
    });

    it('lets a running job finish when closing', async () => {
      const queue = make();
      let started = false;
      let finished = false;
      await queue.process('email', async () => {
        started = true;
        await sleep(250);
        finished = true;
      });
      await queue.add('email', mail());
      await waitFor(() => started);
      await queue.close();
      expect(finished).toBe(true);
    });

    it('rejects data that does not match the queue schema', async () => {
      const queue = make();
      await expect(queue.add('email', { ...mail(), to: 'not-an-email' })).rejects.toThrow();
      await expect(queue.add('bot-seeding', { latitude: 'north' } as never)).rejects.toThrow();
    });

    it('hands a job the trace it was queued with', async () => {
      const queue = make();
      const traces: (string | undefined)[] = [];
      await queue.process('email', (job) => {
        traces.push(job.traceId);
        return Promise.resolve();
      });
      await queue.add('email', mail(1), { traceId: '4bf92f3577b34da6a3ce929d0e0e4736' });
      await queue.add('email', mail(2));
      await waitFor(() => traces.length === 2);
      expect(traces.sort()).toEqual(['4bf92f3577b34da6a3ce929d0e0e4736', undefined]);
    });

    it('counts its jobs by state for operators: waiting, delayed, active, failed', async () => {
      const queue = make();
      await queue.add('email', mail(1));
      await queue.add('email', mail(2));
      await queue.add('email', mail(3), { delayMs: 60_000 });
      expect(await queue.counts('email')).toEqual({ waiting: 2, active: 0, delayed: 1, failed: 0 });
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await queue.process('email', async (job) => {
        if (job.data.to === 'user1@example.com') throw new Error('bounced');
        await held;
      });
      await waitFor(async () => {
        const counts = await queue.counts('email');
        return counts.failed === 1 && counts.active === 1;
      });
      expect(await queue.counts('email')).toEqual({ waiting: 0, active: 1, delayed: 1, failed: 1 });
      release();
    });

    it('answers ping while open', async () => {
      await expect(make().ping()).resolves.toBeUndefined();
    });
  });
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs = 2_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await sleep(10);
  }
}
