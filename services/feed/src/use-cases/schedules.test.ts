import { describe, expect, it } from 'vitest';
import { QueueName } from '@saathi/contracts';
import type { JobQueue } from '@saathi/platform';
import { fake } from '../testing/fake-core';
import { scheduleSweeps } from './schedules';

describe('scheduleSweeps', () => {
  it('books each sweep once under a fixed job id, at its period', async () => {
    const added: unknown[][] = [];
    const queue = fake<JobQueue>({ add: (...args: unknown[]) => Promise.resolve(void added.push(args)) });
    await scheduleSweeps({ queue }, { postExpiryMs: 60_000, activitiesMs: 30_000 });
    expect(added).toEqual([
      [QueueName.postExpiry, {}, { jobId: 'post-expiry', repeatEveryMs: 60_000 }],
      [QueueName.activityReminders, {}, { jobId: 'activity-reminders', repeatEveryMs: 30_000 }],
      [QueueName.activityRepeats, {}, { jobId: 'activity-repeats', repeatEveryMs: 30_000 }],
    ]);
  });
});
