import { describe, expect, it } from 'vitest';
import { FeedMessages, QueueName } from '@saathi/contracts';
import type { JobQueue } from '@saathi/platform';
import { admin, fake, routeInput } from '../testing/fake-core';
import { requestActivitySeeding } from './admin';

describe('requestActivitySeeding', () => {
  it('queues a seeding job for the point only (the bot posts name the area), retried with back-off', async () => {
    const queued: unknown[][] = [];
    const queue = fake<JobQueue>({ add: (...args: unknown[]) => Promise.resolve(void queued.push(args)) });
    const answer = await requestActivitySeeding(
      { queue },
      routeInput(admin(), { body: { latitude: 28.632, longitude: 77.219, locationName: 'My street 12' } }),
    );
    expect(answer).toEqual({ message: FeedMessages.seedingQueued });
    expect(queued).toEqual([
      [
        QueueName.botSeeding,
        { latitude: 28.632, longitude: 77.219 },
        { jobId: expect.any(String), attempts: 3, backoffMs: 2_000 },
      ],
    ]);
  });
});
